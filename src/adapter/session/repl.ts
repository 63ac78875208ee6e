// The `evaluate` request (watch, hover, REPL; a missing context means REPL) with the
// pseudo-variables `$pc`, `$model`, `$path`, `$heap`, the REPL commands `:assume φ`, `:sat φ`,
// `:valid φ`, `:why`, `:heap`, `:help`, and completions for variable names and commands.
// `:assume φ` cannot add a node to the memoised tree, so it adds φ to a per-thread list of
// assumptions that every later evaluation, `:sat`/`:valid`, the Model and the Path
// condition scope of that thread take into account (not the stepping engine itself).

import type { DebugProtocol } from '@vscode/debugprotocol';
import { answer, compileFormula, frameOf, visibleNames } from '../runtime/evaluate';
import { whyText, pathText } from '../runtime/describe';
import type { FrameRef } from './frames';
import { MAX_VALUE_LENGTH, type VariableRefs } from './scopes';
import { pathCondition, type Debuggee } from '../runtime/debuggee';
import { UserError } from './userError';
import { heapText } from '../runtime/heapView';
import { synthAllText, synthText } from '../runtime/synthView';
import { classifyNode, diffStates, proofText } from '../runtime/why';
import { classLine, diffText } from '../runtime/whyText';
import { locationOf } from '../runtime/location';
import { assume, modelText, pcText, satText, validText } from '../runtime/questions';

function stateFrame(target: EvalTarget): { state: EvalTarget['ref']['node']['state']; frameIndex: number } {
  return { state: target.ref.node.state, frameIndex: target.ref.frameIndex };
}

const COMMANDS: readonly [string, string][] = [
  [':assume', ":assume φ — add φ to this path's condition (for evaluation only)"],
  [':sat', ':sat φ — is φ satisfiable on this path? (with a witness)'],
  [':valid', ':valid φ — does φ hold on every input of this path? (with a counterexample)'],
  [
    ':why',
    ':why — why this path failed: formula, counterexample, path, relevant facts, its class; at a check that holds: what its proof rests on',
  ],
  [
    ':diff',
    ":diff #a #b — two paths side by side: where they parted, then each one's conditions, locals and heap chunks",
  ],
  [':heap', ':heap — the heap of the selected frame, one chunk per line (also $heap)'],
  [
    ':synth',
    ':synth — a synth function consistent with this path, with the applications on it and their values; :synth all — how many functions of the grammar allow this path',
  ],
  [':help', ':help — list the commands'],
];
const PSEUDO = ['$pc', '$model', '$path', '$heap'];

export interface EvalTarget {
  readonly frameId: number;
  readonly ref: FrameRef;
}

export async function evaluate(
  d: Debuggee,
  refs: VariableRefs,
  target: EvalTarget,
  expression: string,
  context: string,
): Promise<DebugProtocol.EvaluateResponse['body']> {
  const text = expression.trim();
  if (text === '') throw new UserError('nothing to evaluate');
  if (text.startsWith(':')) return command(d, target, text);
  if (text === '$pc') return pcValue(d, refs, target);
  if (text === '$model') return modelValue(d, refs, target);
  if (text === '$path') return { result: pathText(target.ref.node.state), variablesReference: 0 };
  if (text === '$heap')
    return { result: heapText(stateFrame(target)), variablesReference: refs.heapRef(target.frameId, target.ref) };
  // Hover and Watch show a line; the REPL and Copy Value ('clipboard', or 'variables' from
  // clients without clipboard support) give the whole value, since the user copies it.
  const maxLength = context === 'hover' ? 80 : context === 'watch' ? MAX_VALUE_LENGTH : Infinity;
  const sf = { state: target.ref.node.state, frameIndex: target.ref.frameIndex };
  const a = await answer(d, sf, pathCondition(d, target.ref.node, target.ref.threadId), text, maxLength);
  if (a.error !== undefined) throw new UserError(a.error);
  const reference = a.value ? refs.render(a.value).variablesReference : 0;
  return { result: a.result, type: a.type, variablesReference: reference };
}

function pcValue(d: Debuggee, refs: VariableRefs, target: EvalTarget): DebugProtocol.EvaluateResponse['body'] {
  const { text, count } = pcText(d, target.ref.node, target.ref.threadId, MAX_VALUE_LENGTH);
  const result = text.length > 4 * MAX_VALUE_LENGTH ? `${text.slice(0, 4 * MAX_VALUE_LENGTH)}…` : text;
  return { result, variablesReference: refs.scopeRef(target.frameId, target.ref, 'pc'), namedVariables: count };
}

async function modelValue(
  d: Debuggee,
  refs: VariableRefs,
  target: EvalTarget,
): Promise<DebugProtocol.EvaluateResponse['body']> {
  const result = await modelText(d, target.ref.node, target.ref.threadId);
  return { result, variablesReference: refs.scopeRef(target.frameId, target.ref, 'model') };
}

async function command(d: Debuggee, target: EvalTarget, text: string): Promise<DebugProtocol.EvaluateResponse['body']> {
  const m = /^(:[a-z]+)\s*(.*)$/s.exec(text);
  const name = m?.[1] ?? text;
  const arg = (m?.[2] ?? '').trim();
  const node = target.ref.node;
  const sf = { state: node.state, frameIndex: target.ref.frameIndex };
  const formula = (): NonNullable<ReturnType<typeof compileFormula>['term']> => {
    if (arg === '') throw new UserError(`${name} needs a formula, e.g. ${name} x > 0`);
    const c = compileFormula(d, sf, arg);
    if (!c.term) throw new UserError(c.error ?? 'not a formula');
    return c.term;
  };
  const pc = pathCondition(d, node, target.ref.threadId);
  const reply = (result: string): DebugProtocol.EvaluateResponse['body'] => ({ result, variablesReference: 0 });
  switch (name) {
    case ':help':
      return reply(
        COMMANDS.map(([, h]) => h)
          .concat('$pc, $model, $path, $heap — the path condition, its model, the lines of the path, the heap')
          .join('\n'),
      );
    case ':why':
      return reply(await whyAt(d, node));
    case ':diff':
      return reply(diffCommand(d, arg));
    case ':heap':
      return reply(heapText(sf));
    case ':synth': {
      if (arg !== '' && arg !== 'all') throw new UserError(`:synth takes no argument or 'all' (got '${arg}')`);
      return reply(
        arg === 'all'
          ? await synthAllText(d.checked, d.T, d.solver, pc)
          : await synthText(d.checked, d.T, d.solver, pc, node.state.model),
      );
    }
    case ':sat':
      return reply(await satText(d, node, target.ref.threadId, formula()));
    case ':valid':
      return reply(await validText(d, node, target.ref.threadId, formula()));
    case ':assume': {
      const phi = formula();
      const thread = d.paths.get(target.ref.threadId);
      if (!thread) throw new UserError('this path has ended; :assume needs a live thread');
      const r = await assume(d, node, thread, phi, MAX_VALUE_LENGTH);
      if ('contradicts' in r) throw new UserError(`${arg} contradicts the path condition; nothing assumed`);
      return reply(
        `assumed ${r.assumed} on path #${thread.id} (${thread.assumptions.length} assumption(s); shown under Path condition)`,
      );
    }
    default:
      throw new UserError(`unknown command ${name}; try :help`);
  }
}

/** `:why`: a failure's facts and class, or at a check that holds, what its proof rests on. */
async function whyAt(d: Debuggee, node: EvalTarget['ref']['node']): Promise<string> {
  if (node.state.failure) {
    const cls = await classifyNode(d, node).catch(() => undefined);
    return `${whyText(node.state, node)}${cls ? `\n${classLine(cls)}` : ''}`;
  }
  const line = locationOf(node.state)?.line;
  const proof = await proofText(d, line);
  return (
    proof ??
    `${whyText(node.state, node)}${line !== undefined ? `\n(no check at line ${line} holds on the explored paths)` : ''}`
  );
}

/** `:diff #a #b` — the two threads' current states compared. */
function diffCommand(d: Debuggee, arg: string): string {
  const m = /^#?(\d+)\s+#?(\d+)$/.exec(arg);
  if (!m) throw new UserError(':diff needs two thread ids, e.g. :diff #1 #2');
  const [a, b] = [Number(m[1]), Number(m[2])].map((id) => {
    const t = d.paths.get(id);
    if (!t) throw new UserError(`unknown thread #${id} (a path that ended or never existed)`);
    return t;
  });
  return diffText([a.id, b.id], diffStates(a.cursor.state, b.cursor.state));
}

/** Variable names, pseudo-variables and commands that complete the word before the cursor. */
export function completions(
  d: Debuggee,
  ref: FrameRef | undefined,
  text: string,
  column: number,
): DebugProtocol.CompletionItem[] {
  const upto = text.slice(0, Math.max(0, column - 1));
  const word = /[:$A-Za-z_][A-Za-z0-9_]*$|:$|\$$/.exec(upto)?.[0] ?? '';
  const items: DebugProtocol.CompletionItem[] = [];
  const offer = (label: string, type: DebugProtocol.CompletionItemType, detail?: string): void => {
    if (label.startsWith(word))
      items.push({ label, type, detail, start: upto.length - word.length, length: word.length });
  };
  if (upto.trimStart().startsWith(':') && !/\s/.test(upto.trimStart())) {
    for (const [c, help] of COMMANDS) offer(c, 'keyword', help);
    return items;
  }
  const frame = ref ? frameOf({ state: ref.node.state, frameIndex: ref.frameIndex }) : undefined;
  if (frame && ref) for (const name of visibleNames(d.checked, frame, ref.node.state).keys()) offer(name, 'variable');
  for (const p of PSEUDO) offer(p, 'value');
  if (upto.trim() === '' || word.startsWith(':')) for (const [c, help] of COMMANDS) offer(c, 'keyword', help);
  return items;
}
