// The DAP shape of a line breakpoint the runtime keeps (runtime/breakpoints.ts): verified when
// it sits on an executable line, its message (moved, pending, ignored hit condition) and source.

import * as nodePath from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { LineBreakpoint } from '../runtime/breakpoints';

export function breakpointToDap(b: LineBreakpoint, sourcePath?: string): DebugProtocol.Breakpoint {
  const out: DebugProtocol.Breakpoint = { id: b.id, verified: b.line !== undefined, line: b.line ?? b.requestedLine };
  if (b.message) out.message = b.message;
  if (sourcePath) out.source = { path: sourcePath, name: nodePath.basename(sourcePath) };
  return out;
}
