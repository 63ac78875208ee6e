// The thread events that go before a stop. A client learns threads from `thread` events and
// `threads` answers, and applies a stop's `allThreadsStopped` to the threads it knows when
// the stop arrives: nvim-dap marks only those stopped, and a thread it meets later in a
// `threads` answer stays "running" in its model and its threads sidebar (docs/editors.md).
// So every thread the threads list will show and the client has not heard of is announced
// before the stop, whether the move was a step or a continue (which makes paths in bulk;
// only the listed ones are announced). A thread the client never heard of exits silently.

import { ThreadEvent } from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Debuggee } from '../runtime/debuggee';

/** `exited` for the ended threads the client knew; with `announce`, `started` for the listed ones it did not. */
export function threadEvents(d: Debuggee, announce: boolean): DebugProtocol.Event[] {
  const { ended } = d.paths.drain();
  const events: DebugProtocol.Event[] = ended
    .filter((e) => e.thread.announced)
    .map((e) => new ThreadEvent('exited', e.thread.id));
  if (!announce) return events;
  for (const t of d.paths.listed(d.args.maxThreads)) {
    if (t.announced) continue;
    t.announced = true;
    events.push(new ThreadEvent('started', t.id));
  }
  return events;
}
