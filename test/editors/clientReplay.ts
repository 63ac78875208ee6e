// What a DAP client sends while a user debugs samples/lecture/bad_input.sym, request by
// request, with the quirks of that client (its initialize arguments, `arguments: []` where a
// Lua client has an empty table, no `evaluate` context, which exception filters it sends):
// launch stopped on entry, step to the fork (two threads), continue to a breakpoint on line
// 13, continue to the failed assertion on line 16, read exceptionInfo, evaluate, disconnect.

import * as path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { expect } from 'vitest';
import { validateLaunchArgs } from '../../src/adapter/launchSchema';
import { withTimeout, type MessageClient } from '../adapter/transportSupport';
import { ROOT } from './readmeRecipes';

export const PROGRAM = path.join(ROOT, 'samples', 'lecture', 'bad_input.sym');
export const BREAKPOINT_LINE = 13;

export interface ClientProfile {
  readonly initialize: Record<string, unknown>;
  /** `arguments` of requests the client sends without any (undefined: the member is left out). */
  readonly noArguments?: unknown;
  /** The `context` of the client's REPL evaluate; undefined: the client sends none (Helix). */
  readonly evaluateContext?: string;
  /** The filters the client sends in setExceptionBreakpoints at configuration; undefined: none sent. */
  readonly exceptionFilters?: readonly string[];
  /** The arguments of the client's disconnect (default: restart false, terminate the debuggee). */
  readonly disconnectArguments?: unknown;
  /** A custom request the recipe sends, with the arguments exactly as it encodes them. */
  readonly customRequest?: { readonly command: string; readonly arguments: unknown };
  /** Moves the recipe maps (step into target, step back, ...), played at the entry stop; they must end there again. */
  readonly atEntry?: (c: MessageClient, entry: Stop) => Promise<void>;
  /** Checks what the client makes of each stop of the scenario (entry, step, breakpoint, failure). */
  readonly afterStop?: (c: MessageClient, stop: Stop) => Promise<void>;
}

export interface Stop {
  readonly threadId: number;
  readonly reason: string;
  readonly line: number;
  readonly description?: string;
  readonly text?: string;
}

export interface Replay {
  /** What symdap says of the launch arguments (unknown keys are likely typos in a recipe). */
  readonly launchWarnings: readonly string[];
  readonly entry: Stop;
  readonly step: Stop;
  readonly threadsAfterStep: number;
  readonly breakpointVerified: boolean;
  readonly atBreakpoint: Stop;
  readonly variables: Record<string, string>;
  readonly failure: Stop;
  readonly exceptionInfo: DebugProtocol.ExceptionInfoResponse['body'];
  readonly evaluated: string;
  readonly custom?: DebugProtocol.Response;
  readonly disconnect: DebugProtocol.Response;
}

export async function ok(c: MessageClient, command: string, args?: unknown): Promise<DebugProtocol.Response> {
  const r = await withTimeout(
    c.request(args === undefined ? { command } : { command, arguments: args }),
    30_000,
    command,
  );
  if (!r.success) throw new Error(`${command} failed: ${r.message}`);
  return r;
}

/** Sends `command` and waits for the stopped event it causes, then reads the top frame's line. */
export async function stopAfter(c: MessageClient, command: string, args: unknown): Promise<Stop> {
  const stopped = c.waitForEvent('stopped', 60_000);
  if (command !== '') await ok(c, command, args);
  const e = (await stopped) as DebugProtocol.StoppedEvent;
  const threadId = e.body.threadId ?? 0;
  const st = (await ok(c, 'stackTrace', { threadId, startFrame: 0, levels: 20 })) as DebugProtocol.StackTraceResponse;
  return {
    threadId,
    reason: e.body.reason,
    line: st.body.stackFrames[0]?.line ?? 0,
    description: e.body.description,
    text: e.body.text,
  };
}

async function threads(c: MessageClient, p: ClientProfile): Promise<DebugProtocol.Thread[]> {
  return ((await ok(c, 'threads', p.noArguments)) as DebugProtocol.ThreadsResponse).body.threads;
}

async function topVariables(
  c: MessageClient,
  threadId: number,
): Promise<{ frameId: number; vars: Record<string, string> }> {
  const st = (await ok(c, 'stackTrace', { threadId, startFrame: 0, levels: 20 })) as DebugProtocol.StackTraceResponse;
  const frameId = st.body.stackFrames[0].id;
  const scopes = (await ok(c, 'scopes', { frameId })) as DebugProtocol.ScopesResponse;
  const vars: Record<string, string> = {};
  for (const s of scopes.body.scopes.filter((x) => !x.expensive)) {
    const v = (await ok(c, 'variables', {
      variablesReference: s.variablesReference,
    })) as DebugProtocol.VariablesResponse;
    for (const x of v.body.variables) vars[x.name] ??= x.value;
  }
  return { frameId, vars };
}

/** Plays the session; `launchArguments` are what the client's configuration sends. */
export async function replay(
  c: MessageClient,
  p: ClientProfile,
  launchArguments: Record<string, unknown>,
): Promise<Replay> {
  const initialized = c.waitForEvent('initialized', 30_000);
  await ok(c, 'initialize', p.initialize);
  const entryStop = stopAfter(c, '', undefined);
  const launched = withTimeout(c.request({ command: 'launch', arguments: launchArguments }), 60_000, 'launch');
  await initialized;
  const bps = (await ok(c, 'setBreakpoints', {
    source: { name: path.basename(PROGRAM), path: PROGRAM },
    breakpoints: [{ line: BREAKPOINT_LINE }],
    lines: [BREAKPOINT_LINE],
    sourceModified: false,
  })) as DebugProtocol.SetBreakpointsResponse;
  if (p.exceptionFilters) await ok(c, 'setExceptionBreakpoints', { filters: p.exceptionFilters });
  await ok(c, 'configurationDone', p.noArguments);
  const launch = await launched;
  if (!launch.success) throw new Error(`launch failed: ${launch.message}`);
  const entry = await entryStop;
  await p.afterStop?.(c, entry);
  await p.atEntry?.(c, entry);
  await threads(c, p);
  const step = await stopAfter(c, 'next', { threadId: entry.threadId });
  await p.afterStop?.(c, step);
  const threadsAfterStep = (await threads(c, p)).length;
  const atBreakpoint = await stopAfter(c, 'continue', { threadId: step.threadId });
  await p.afterStop?.(c, atBreakpoint);
  const { vars: variables } = await topVariables(c, atBreakpoint.threadId);
  const failure = await stopAfter(c, 'continue', { threadId: atBreakpoint.threadId });
  await p.afterStop?.(c, failure);
  const info = (await ok(c, 'exceptionInfo', { threadId: failure.threadId })) as DebugProtocol.ExceptionInfoResponse;
  const { frameId } = await topVariables(c, failure.threadId);
  const evaluate = (await ok(c, 'evaluate', {
    expression: 'c0',
    frameId,
    ...(p.evaluateContext ? { context: p.evaluateContext } : {}),
  })) as DebugProtocol.EvaluateResponse;
  const custom = p.customRequest ? await ok(c, p.customRequest.command, p.customRequest.arguments) : undefined;
  const disconnect = await withTimeout(
    c.request({
      command: 'disconnect',
      arguments: 'disconnectArguments' in p ? p.disconnectArguments : { restart: false, terminateDebuggee: true },
    }),
    30_000,
    'disconnect',
  );
  return {
    launchWarnings: validateLaunchArgs(launchArguments).warnings,
    entry,
    step,
    threadsAfterStep,
    breakpointVerified: bps.body.breakpoints[0]?.verified === true,
    atBreakpoint,
    variables,
    failure,
    exceptionInfo: info.body,
    evaluated: evaluate.body.result,
    custom,
    disconnect,
  };
}

/** What every client must see on bad_input.sym; the counterexample is the input "bad!". */
export function expectDebugged(r: Replay): void {
  expect(r.launchWarnings).toEqual([]);
  expect(r.entry).toMatchObject({ reason: 'entry', line: 10 });
  expect(r.step).toMatchObject({ reason: 'step', line: 11 });
  expect(r.threadsAfterStep).toBeGreaterThanOrEqual(2);
  expect(r.breakpointVerified).toBe(true);
  expect(r.atBreakpoint).toMatchObject({ reason: 'breakpoint', line: BREAKPOINT_LINE });
  expect(Object.keys(r.variables)).toEqual(expect.arrayContaining(['c0', 'c1', 'c2', 'c3']));
  expect(r.failure).toMatchObject({ reason: 'exception', line: 16 });
  for (const [name, value] of [
    ['c0', 98],
    ['c1', 97],
    ['c2', 100],
    ['c3', 33],
  ]) {
    expect(r.exceptionInfo.description).toMatch(new RegExp(`${name}\\s*=\\s*${value}\\b`));
  }
  expect(r.evaluated).not.toBe('');
  expect(r.disconnect.success).toBe(true);
}
