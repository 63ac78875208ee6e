// nvim-dap's bookkeeping of threads, restated from its source (lua/dap/session.lua of spring
// 2023, around 0.6.0; the rules below still hold in its current source; nvim-dap is packaged
// by neither Debian nor npm, so it cannot run here, and its code is not copied): which
// threads it believes stopped, driven by the adapter's real events and by the `threads`
// requests nvim-dap itself sends. The Neovim test replays nvim-dap's requests through it and
// checks, at every stop, that nvim-dap's picture agrees with the adapter's. In short:
//   - `thread` event: `exited` forgets the thread; any other reason marks a known thread
//     running (and, if it was the focused one, unfocuses it) or, for an unknown id, adds a
//     placeholder and marks the list dirty;
//   - `stopped` event: if the list is dirty or the thread unknown, it first asks `threads`
//     (a new list: only threads that were already marked stopped stay so) and handles the
//     event after the answer; if another thread is focused (and the reason is not `pause`)
//     it sends `continue` for the new one instead (auto_continue_if_many_stopped); else it
//     focuses the thread and marks it stopped, or every thread it knows when
//     `allThreadsStopped` is true;
//   - `continued` event: `allThreadsContinued` marks every thread running, else the one;
//   - a step/continue it sends marks the moved thread running and unfocuses it.
// Its threads sidebar draws from this picture; a thread it wrongly holds running shows ▶️ and,
// expanded, is paused, read and *continued* by the sidebar.

import type { DebugProtocol } from '@vscode/debugprotocol';
import type { MessageClient } from '../adapter/transportSupport';

interface KnownThread {
  readonly id: number;
  readonly name: string;
  stopped: boolean;
}

const MOVES = new Set(['next', 'stepIn', 'stepOut', 'stepBack', 'continue', 'reverseContinue']);

export class NvimDapThreads {
  threads = new Map<number, KnownThread>();
  dirty = false;
  focused: number | undefined;
  /** Threads nvim-dap would have sent `continue` for on their stop (the user never asked). */
  readonly autoContinued: number[] = [];
  private pending = 0;

  constructor(private readonly c: MessageClient) {
    c.on('thread', (e: DebugProtocol.ThreadEvent) => this.onThread(e.body));
    c.on('stopped', (e: DebugProtocol.StoppedEvent) => this.onStopped(e.body));
    c.on('continued', (e: DebugProtocol.ContinuedEvent) => this.onContinued(e.body));
    const send = c.request.bind(c);
    c.request = (m: Record<string, unknown>) => {
      this.onRequest(m.command, m.arguments);
      return send(m);
    };
  }

  /** Resolves once the `threads` requests nvim-dap sent are answered and their events handled. */
  async settled(): Promise<void> {
    do await new Promise((resolve) => setImmediate(resolve));
    while (this.pending > 0);
  }

  /** Ids nvim-dap holds as stopped. */
  stoppedIds(): number[] {
    return [...this.threads.values()].filter((t) => t.stopped).map((t) => t.id);
  }

  private onRequest(command: unknown, args: unknown): void {
    if (typeof command !== 'string') return;
    const id = (args as { threadId?: unknown } | undefined)?.threadId;
    if (MOVES.has(command)) this.markRunning(typeof id === 'number' ? id : this.focused);
    else if (command === 'goto' || command === 'restartFrame') this.markRunning(this.focused);
  }

  private markRunning(id: number | undefined): void {
    const t = id === undefined ? undefined : this.threads.get(id);
    if (t) t.stopped = false;
    this.focused = undefined;
  }

  private onThread(e: DebugProtocol.ThreadEvent['body']): void {
    if (e.reason === 'exited') {
      this.threads.delete(e.threadId);
      return;
    }
    const known = this.threads.get(e.threadId);
    if (known) {
      known.stopped = false;
      if (this.focused === known.id) this.focused = undefined;
    } else {
      this.dirty = true;
      this.threads.set(e.threadId, { id: e.threadId, name: 'Unknown', stopped: false });
    }
  }

  private onStopped(e: DebugProtocol.StoppedEvent['body']): void {
    if (this.dirty || (e.threadId !== undefined && !this.threads.has(e.threadId))) {
      void this.updateThreads().then(() => this.onStopped(e));
      return;
    }
    const jump = e.reason !== 'pause' || e.allThreadsStopped === true;
    if (this.focused !== undefined && this.focused !== e.threadId && jump) {
      if (e.threadId !== undefined) this.autoContinued.push(e.threadId);
      return;
    }
    if (jump) this.focused = e.threadId;
    if (e.allThreadsStopped) for (const t of this.threads.values()) t.stopped = true;
    else if (e.threadId !== undefined) this.threads.get(e.threadId)!.stopped = true;
  }

  private onContinued(e: DebugProtocol.ContinuedEvent['body']): void {
    if (e.allThreadsContinued) for (const t of this.threads.values()) t.stopped = false;
    else {
      const t = this.threads.get(e.threadId);
      if (t) t.stopped = false;
    }
  }

  /**
   * nvim-dap's update_threads (on a stop with a dirty list, and whenever its threads sidebar
   * redraws a dirty list): a fresh list, in which a thread is stopped only if it already was.
   * Returns the ids the adapter listed.
   */
  async updateThreads(): Promise<number[]> {
    this.pending++;
    try {
      const r = (await this.c.request({ command: 'threads' })) as DebugProtocol.ThreadsResponse;
      const next = new Map<number, KnownThread>();
      for (const t of r.body?.threads ?? [])
        next.set(t.id, { id: t.id, name: t.name, stopped: this.threads.get(t.id)?.stopped === true });
      this.threads = next;
      this.dirty = false;
      return [...next.keys()];
    } finally {
      this.pending--;
    }
  }
}
