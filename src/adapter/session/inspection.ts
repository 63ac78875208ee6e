// The read-only requests of a debug session: stack frames, scopes, variables, evaluate,
// completions, exception info, goto targets. Each takes the debuggee and the session's id
// tables and returns the response body (or throws a UserError); none moves a path, so the
// session answers them without queueing behind the moves (session.ts).

import { excludedByFailure } from '../runtime/synthView';
import { isExcluded } from '../runtime/questions';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Debuggee } from '../runtime/debuggee';
import { exceptionInfo } from '../runtime/describe';
import { withViperId } from '../runtime/viperFailure';
import { classifyNode } from '../runtime/why';
import { budgetedSolver } from '../runtime/budget';
import { REQUEST_LIMITS } from '../limits';
import { FrameIds, stackTrace, gotoTargets, type FrameRef } from './frames';
import type { VariableRefs } from './scopes';
import { evaluate, completions } from './repl';
import { requireThread } from './customRequests';
import { threadName } from '../runtime/paths';
import { UserError } from './userError';

export type Args = Record<string, unknown>;

export function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

export function frameRef(frameIds: FrameIds, id: unknown): FrameRef {
  const f = frameIds.get(id);
  if (!f) throw new UserError(`unknown frame id ${JSON.stringify(id)}`);
  return f;
}

export function stackBody(d: Debuggee, frameIds: FrameIds, args: Args): DebugProtocol.StackTraceResponse['body'] {
  const t = requireThread(d, args.threadId);
  return stackTrace(frameIds, t, d.checked.file, d.checked.source, num(args.startFrame), num(args.levels));
}

export function scopesBody(
  d: Debuggee,
  frameIds: FrameIds,
  varRefs: VariableRefs,
  args: Args,
): DebugProtocol.ScopesResponse['body'] {
  const f = frameRef(frameIds, args.frameId);
  // The separator frame between the call stack and the earlier states has no variables.
  return {
    scopes: f.label
      ? []
      : varRefs.scopes(args.frameId as number, f, d.checked.classes.size > 0, d.checked.synths.size > 0),
  };
}

export async function variablesBody(
  d: Debuggee,
  varRefs: VariableRefs,
  args: Args,
): Promise<DebugProtocol.VariablesResponse['body']> {
  const vars = await varRefs.variables(d, args.variablesReference as number, num(args.start), num(args.count));
  if (!vars) throw new UserError(`unknown variablesReference ${JSON.stringify(args.variablesReference)}`);
  return { variables: vars };
}

/** The frame to evaluate in: the given one, or (no frameId, e.g. Helix) the top of the first listed path. */
function evalTarget(d: Debuggee, frameIds: FrameIds, frameId: unknown): { frameId: number; ref: FrameRef } {
  if (frameId !== undefined) return { frameId: frameId as number, ref: frameRef(frameIds, frameId) };
  const t = d.paths.listed(1)[0];
  if (!t) throw new UserError('no path to evaluate in: every path has ended');
  const ref: FrameRef = { threadId: t.id, node: t.cursor, frameIndex: 0 };
  return { frameId: frameIds.id(ref), ref };
}

export async function evaluateBody(
  d: Debuggee,
  frameIds: FrameIds,
  varRefs: VariableRefs,
  args: Args,
): Promise<DebugProtocol.EvaluateResponse['body']> {
  if (typeof args.expression !== 'string') throw new UserError('evaluate needs an expression');
  const target = evalTarget(d, frameIds, args.frameId);
  if (target.ref.label) throw new UserError('select a state frame (not the label) to evaluate');
  const context = typeof args.context === 'string' ? args.context : 'repl';
  const host: Debuggee = {
    ...d,
    solver: budgetedSolver(d.solver, REQUEST_LIMITS.evaluateSolverBudgetMs, d.args.solverTimeout),
  };
  return evaluate(host, varRefs, target, args.expression, context);
}

export function completionsBody(
  d: Debuggee | undefined,
  frameIds: FrameIds,
  args: Args,
): DebugProtocol.CompletionsResponse['body'] {
  const text = typeof args.text === 'string' ? args.text : '';
  const max = REQUEST_LIMITS.maxExpressionChars;
  if (text.length > max) throw new UserError(`completions text has ${text.length} characters; the limit is ${max}`);
  const ref = d && args.frameId !== undefined ? frameIds.get(args.frameId) : undefined;
  const column = typeof args.column === 'number' ? args.column : text.length + 1;
  return { targets: d ? completions(d, ref, text, column) : [] };
}

export async function exceptionInfoBody(d: Debuggee, args: Args): Promise<DebugProtocol.ExceptionInfoResponse['body']> {
  const t = requireThread(d, args.threadId);
  if (isExcluded(d, t.cursor)) {
    const text = `path excluded: ${excludedByFailure(t.cursor.state.failure)}`;
    return { exceptionId: 'excluded', description: text, breakMode: 'always', details: { message: text } };
  }
  const cls = await classifyNode(d, t.cursor).catch(() => undefined);
  const info = exceptionInfo(t.cursor.state, t.cursor, cls);
  if (!info) throw new UserError(`thread #${t.id} is not stopped on a failure`);
  return withViperId(d.checked, t.cursor.state.failure, info);
}

export function gotoTargetsBody(d: Debuggee, args: Args): DebugProtocol.GotoTargetsResponse['body'] {
  const line = num(args.line);
  const threads = d.paths.listed(d.args.maxThreads);
  // A state shared by several paths (before they forked) is offered once.
  const seen = new Set<number>();
  const targets = threads
    .flatMap((t) => gotoTargets(t, line).map((g) => ({ ...g, label: `#${t.id} ${g.label}` })))
    .filter((g) => !seen.has(g.id) && seen.add(g.id));
  return { targets };
}

/**
 * `threads`: the listed paths (stopped ones first, at most the launch's `maxThreads`), each
 * marked announced; `hidden` counts the rest, which `notice` tells the console about.
 */
export function threadsBody(d: Debuggee | undefined): {
  body: DebugProtocol.ThreadsResponse['body'];
  hidden?: number;
  notice?: string;
} {
  if (!d) return { body: { threads: [] } };
  const listed = d.paths.listed(d.args.maxThreads);
  listed.forEach((t) => {
    t.announced = true;
  });
  const threads = listed.map((t) => ({
    id: t.id,
    name: threadName(t, d.args.mode === 'modular', d.checked.synths.size > 0),
  }));
  const hidden = d.paths.size - listed.length;
  const notice =
    hidden > 0
      ? `${d.paths.size} live paths; showing ${listed.length} as threads (stopped ones first), ${hidden} more in symdap/tree`
      : undefined;
  return { body: { threads }, hidden, ...(notice ? { notice } : {}) };
}
