// When `symdap dap --server` / `--ws` stops on its own. Editors start the server for one
// debugging session and never stop it (nvim-dap, Helix, vimspector), so by default it exits
// once its last session has ended (after a short linger: a client restarting a session
// disconnects and connects again), or once the process that started it is gone and no
// client is connected. A client that connects after its launcher quit (`symdap dap
// --server=P &` in a script) gets a grace period. With `--multi` the server serves session
// after session until a signal.

import type { ConnectionWatcher } from '../adapter/transport/tcpServer';

/** How long a server whose parent has gone waits for its first client. */
export const ORPHAN_GRACE_MS = 10_000;
/** How long a server whose last session has ended waits for a reconnecting client. */
export const LINGER_MS = 1_000;

export interface LifetimeOptions {
  readonly multi: boolean;
  readonly graceMs?: number;
  readonly lingerMs?: number;
}

export class ServerLifetime implements ConnectionWatcher {
  /** Resolves with the reason, the first time one of the rules says the server is done. */
  readonly ended: Promise<string>;
  private finish!: (reason: string) => void;
  private open = 0;
  private served = false;
  private orphaned = false;
  private graceOver = false;
  private timer: NodeJS.Timeout | undefined;
  private linger: NodeJS.Timeout | undefined;

  constructor(private readonly opts: LifetimeOptions) {
    this.ended = new Promise((resolve) => {
      this.finish = resolve;
    });
  }

  opened(): void {
    this.open++;
    clearTimeout(this.linger);
    this.linger = undefined;
  }

  closed(spoke: boolean): void {
    this.open = Math.max(0, this.open - 1);
    if (spoke) this.served = true;
    this.decide();
  }

  /** The parent process exited (or closed our stdin pipe): the editor is gone. */
  parentGone(): void {
    if (this.orphaned || this.opts.multi) return;
    this.orphaned = true;
    this.timer = setTimeout(() => {
      this.graceOver = true;
      this.decide();
    }, this.opts.graceMs ?? ORPHAN_GRACE_MS);
    this.timer.unref();
    this.decide();
  }

  dispose(): void {
    clearTimeout(this.timer);
    clearTimeout(this.linger);
  }

  private decide(): void {
    if (this.opts.multi || this.open > 0) return;
    if (this.served) this.lingerThenEnd();
    else if (this.orphaned && this.graceOver) this.end('the process that started it is gone and no client connected');
  }

  private lingerThenEnd(): void {
    if (this.linger) return;
    this.linger = setTimeout(() => {
      this.linger = undefined;
      if (this.open === 0) this.end('its last session has ended');
    }, this.opts.lingerMs ?? LINGER_MS);
  }

  private end(reason: string): void {
    this.dispose();
    this.finish(reason);
  }
}
