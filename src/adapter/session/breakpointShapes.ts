// Breakpoints between DAP and the runtime's table (runtime/breakpoints.ts): the breakpoints a
// `setBreakpoints` request asks for (capped), and the DAP shape of a line breakpoint: verified
// when it sits on an executable line, its message (moved, pending, ignored hit condition), source.

import * as nodePath from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { LineBreakpoint, RequestedBreakpoint } from '../runtime/breakpoints';
import { REQUEST_LIMITS } from '../limits';
import { UserError } from './userError';

export function breakpointToDap(b: LineBreakpoint, sourcePath?: string): DebugProtocol.Breakpoint {
  const out: DebugProtocol.Breakpoint = { id: b.id, verified: b.line !== undefined, line: b.line ?? b.requestedLine };
  if (b.message) out.message = b.message;
  if (sourcePath) out.source = { path: sourcePath, name: nodePath.basename(sourcePath) };
  return out;
}

/** `breakpoints` (or the old `lines`) of a setBreakpoints request; too many is refused. */
export function requestedBreakpoints(args: Record<string, unknown>): RequestedBreakpoint[] {
  const requested = Array.isArray(args.breakpoints)
    ? (args.breakpoints as DebugProtocol.SourceBreakpoint[])
    : Array.isArray(args.lines)
      ? (args.lines as number[]).map((line) => ({ line }))
      : [];
  const max = REQUEST_LIMITS.maxBreakpointsPerSource;
  if (requested.length > max)
    throw new UserError(`setBreakpoints with ${requested.length} breakpoints; the limit is ${max} per source`);
  return requested.filter((b) => typeof b === 'object' && b !== null);
}
