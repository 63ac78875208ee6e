// When `symdap dap --server` / `--ws` stops on its own. Editors start the server for one
// debugging session and never stop it (nvim-dap, Helix, vimspector), so by default it exits
// once its last session has ended, or once the process that started it is gone and no
// client is connected. A client that connects after its launcher quit (`symdap dap
// --server=P &` in a script) gets a grace period. With `--multi` the server serves session
// after session until a signal.

import type { ConnectionWatcher } from '../adapter/transport/tcpServer';

/** How long a server whose parent has gone waits for its first client. */
export const ORPHAN_GRACE_MS = 10_000;

export interface LifetimeOptions {
  readonly multi: boolean;
  readonly graceMs?: number;
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

  constructor(private readonly opts: LifetimeOptions) {
    this.ended = new Promise((resolve) => { this.finish = resolve; });
  }

  opened(): void {
    this.open++;
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
  }

  private decide(): void {
    if (this.opts.multi || this.open > 0) return;
    if (this.served) this.end('its last session has ended');
    else if (this.orphaned && this.graceOver) this.end('the process that started it is gone and no client connected');
  }

  private end(reason: string): void {
    this.dispose();
    this.finish(reason);
  }
}
