// One frame of one symbolic state: what the debugger's scopes, watches and heap views read.
// Its own file so that evaluation and the heap views can both use it without importing each other.

import type { Frame, State } from '../../engine/state/state';

/** One frame of one state; `frameIndex` 0 is the innermost call. */
export interface StateFrame {
  readonly state: State;
  readonly frameIndex: number;
}

export function frameOf(sf: StateFrame): Frame | undefined {
  const fs = sf.state.frames;
  return fs[fs.length - 1 - sf.frameIndex];
}
