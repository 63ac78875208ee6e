// Why a path stopped, in words: the failure summary that goes into the stopped event's
// description/text (one line each; the path only in the others), the exceptionInfo answer and an output event (for clients that ignore
// exceptionInfo), plus the words for other ends of a path (infeasible, bound reached).

import { FAILURE_TITLES, isRuntimeError, type FailureKind } from '../../engine/state/failures';
import { formatCounterexample, u8Names } from '../../engine/state/counterexample';
import { afterJoinText, shownCounterexample } from '../../engine/verify/joinExplain';
import { inputSymbols, traceLines, type State } from '../../engine/state/state';
import { conjuncts } from '../../engine/state/pathCondition';
import { freeSymbols } from '../../engine/terms/symbols';
import { printTerm } from '../../engine/terms/print';
import type { Term } from '../../engine/terms/term';
import type { TreeNode } from '../../engine/explore/tree';
import { receiverText, refNames } from './heapView';
import { permissionLoss } from '../../engine/verify/permissionHistory';
import type { Classification } from '../../engine/why/classify';
import { classLine } from './whyText';

function namer(names: ReturnType<typeof refNames>) {
  return (t: Parameters<typeof receiverText>[0]): string => receiverText(t, names);
}

/** The exception filter a failure kind belongs to. */
export function filterOfKind(kind: FailureKind): 'assert' | 'runtime' | 'contract' | 'permission' {
  if (kind === 'assert') return 'assert';
  if (kind === 'permission' || kind === 'fold') return 'permission';
  return isRuntimeError(kind) ? 'runtime' : 'contract';
}

export interface FailureSummary {
  /** One line: `assertion may fail: x > 0 (line 16)`. */
  readonly headline: string;
  readonly counterexample: string;
  readonly path: string;
  /** A permission failure: where the path lost the permission (`acc(c.x) was held until line 33: …`). */
  readonly explanation?: string;
  /** Headline and counterexample on one line, for the stopped event's `text` (cut there to 80
   *  characters, session/shortText.ts): clients that
   *  print a stop as one message keep only its last line on screen (vimspector). */
  readonly oneLine: string;
  /** Everything, several lines. */
  readonly text: string;
}

const MAX_PATH_LINES = 40;

export function pathText(state: State): string {
  const lines = traceLines(state.trace);
  const shown = lines.length > MAX_PATH_LINES ? ['…', ...lines.slice(-MAX_PATH_LINES)] : lines;
  return shown.length === 0 ? '(no statement executed)' : `lines ${shown.join(' → ')}`;
}

/** `node`, the tree node of `state`, lets a permission failure say where the permission was lost. */
export function summarizeFailure(state: State, node?: TreeNode): FailureSummary | undefined {
  const f = state.failure;
  if (!f) return undefined;
  const explanation =
    node?.state === state ? permissionLoss(node, namer(refNames({ state, frameIndex: 0 })))?.text : undefined;
  const headline = `${FAILURE_TITLES[f.kind]}: ${f.message} (line ${f.span.line})`;
  const cx = f.modelStatus === 'sat' ? counterexampleText(state) : 'unknown (the solver gave no model)';
  const path = pathText(state);
  const joinNote = afterJoinText(f.afterJoin);
  const why = (explanation ? `\n  ${explanation}` : '') + (joinNote ? `\n  ${joinNote}` : '');
  const text = `${headline}${why}\n  counterexample: ${cx}\n  path: ${path}`;
  const oneLine = `${headline}${explanation ? ` — ${explanation}` : ''}${joinNote ? ` — ${joinNote}` : ''} — counterexample: ${cx}`;
  return { headline, counterexample: cx, path, explanation, oneLine, text };
}

/** The inputs, and for a failure after a join no concrete path reaches, the summaries by readable name. */
function counterexampleText(state: State): string {
  const f = state.failure!;
  const shown = shownCounterexample(inputSymbols(state), f.model ?? state.model, f);
  const summaries = shown.summaryValues ? `, ${formatCounterexample(shown.summaryValues)}` : '';
  return `${formatCounterexample(shown.counterexample, u8Names(inputSymbols(state)))}${summaries}`;
}

/** Words for a stop at a terminal node that is not a failure (infeasible, bounded, unknown). */
export function summarizeEnd(state: State): string {
  const line = traceLines(state.trace).at(-1);
  const where = line !== undefined ? ` (line ${line})` : '';
  switch (state.status) {
    case 'infeasible':
      return `infeasible path${where}: ${state.note ?? 'the path condition is unsatisfiable'}`;
    case 'bounded':
      return `bound reached${where}: ${state.note ?? 'loop or recursion bound'}`;
    case 'unknown':
      return `solver unknown${where}: ${state.note ?? ''}`;
    default:
      return `${state.status}${where}`;
  }
}

/** What exceptionInfo answers, as plain data (DAP's ExceptionInfoResponse body has this shape). */
export interface ExceptionText {
  readonly exceptionId: string;
  readonly description?: string;
  readonly breakMode: 'always';
  readonly details?: { readonly message?: string; readonly typeName?: string; readonly evaluateName?: string };
}

/** `cls`: the failure's class (runtime/why.ts), said after the headline and in the details. */
export function exceptionInfo(state: State, node?: TreeNode, cls?: Classification): ExceptionText | undefined {
  const f = state.failure;
  const summary = summarizeFailure(state, node);
  if (f && summary) {
    const said = cls ? classLine(cls, u8Names(inputSymbols(state))) : undefined;
    return {
      exceptionId: f.kind,
      description: said ? `${summary.text}\n  ${said}` : summary.text,
      breakMode: 'always',
      details: {
        message: said ? `${summary.headline} — ${said}` : summary.headline,
        typeName: FAILURE_TITLES[f.kind],
        evaluateName: f.message,
      },
    };
  }
  if (state.status === 'infeasible' || state.status === 'bounded' || state.status === 'unknown') {
    const text = summarizeEnd(state);
    return { exceptionId: state.status, description: text, breakMode: 'always', details: { message: text } };
  }
  return undefined;
}

/** The conjuncts of the path condition that share symbols (transitively) with `formula`. */
export function relevantConjuncts(
  state: State,
  formula: Term | undefined,
): { line?: number; reason: string; text: string }[] {
  const cs = conjuncts(state.pc);
  if (!formula)
    return cs.map((c) => ({ line: c.span?.line, reason: c.reason, text: printTerm(c.term, { maxLength: 200 }) }));
  const syms = cs.map((c) => new Set(freeSymbols(c.term).map((s) => s.id)));
  const wanted = new Set(freeSymbols(formula).map((s) => s.id));
  const chosen = new Set<number>();
  for (let grew = true; grew;) {
    grew = false;
    syms.forEach((set, i) => {
      if (chosen.has(i) || ![...set].some((id) => wanted.has(id))) return;
      chosen.add(i);
      set.forEach((id) => wanted.add(id));
      grew = true;
    });
  }
  return [...chosen]
    .sort((a, b) => a - b)
    .map((i) => ({
      line: cs[i].span?.line,
      reason: cs[i].reason,
      text: printTerm(cs[i].term, { maxLength: 200 }),
    }));
}

/** `:why` for a failed state: the formula, counterexample, path and the facts that matter. */
export function whyText(state: State, node?: TreeNode): string {
  const summary = summarizeFailure(state, node);
  if (!summary) return `this path has not failed (${state.status}); select a failed path (a thread marked ✗)`;
  // The engine records a failure by conjoining the negated property (reason "<message> fails");
  // a constant one (`assert false`) adds no conjunct.
  const last = conjuncts(state.pc).at(-1);
  const recorded = last !== undefined && last.reason === `${state.failure!.message} fails`;
  const negated = recorded ? last.term : undefined;
  const before = recorded ? { ...state, pc: dropLast(state) } : state;
  const symbolic = negated !== undefined && freeSymbols(negated).length > 0;
  // A property without inputs (e.g. `assert false`) fails wherever the path gets: then the whole path condition matters.
  const facts = relevantConjuncts(before, symbolic ? negated : undefined);
  const heading = symbolic
    ? 'facts of the path condition that matter:'
    : 'the property fails whenever this point is reached; the path condition:';
  const factLines =
    facts.length === 0
      ? ['  (none: it fails for any input)']
      : facts.map((f) => `  line ${f.line ?? '?'}: ${f.text}   [${f.reason}]`);
  return [
    summary.headline,
    ...(summary.explanation ? [summary.explanation] : []),
    `counterexample: ${summary.counterexample}`,
    `path: ${summary.path}`,
    heading,
    ...factLines,
  ].join('\n');
}

function dropLast(state: State): State['pc'] {
  const last = state.pc.last;
  return last ? { last: last.prev, size: state.pc.size - 1 } : state.pc;
}
