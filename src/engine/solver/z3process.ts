// A `z3 -in -smt2` child process driven over pipes. Each request writes commands followed
// by an `(echo …)` marker and resolves with everything z3 printed before the marker, so
// commands that print nothing (push, assert) and errors stay in step. Requests run one at a
// time. Death or a watchdog expiry rejects the pending request; the process is then dead.

import { spawn, type ChildProcessWithoutNullStreams } from 'child_process';

export class Z3Process {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private counter = 0;
  private pending: { marker: string; resolve(out: string): void; reject(e: Error): void } | undefined;
  private exitReason: string | undefined;

  /** `params` are z3 command-line settings such as `memory_max_size=1024`. */
  constructor(command = 'z3', params: readonly string[] = []) {
    this.child = spawn(command, ['-in', '-smt2', ...params], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.onData(chunk));
    this.child.stderr.on('data', () => {
      /* z3 reports errors on stdout; ignore noise */
    });
    this.child.stdin.on('error', () => {
      /* reported through 'exit' */
    });
    this.child.on('error', (e) => this.onExit(`cannot run z3: ${e.message}`));
    this.child.on('exit', (code, signal) => this.onExit(`z3 exited (${signal ?? code})`));
  }

  get alive(): boolean {
    return this.exitReason === undefined;
  }

  /** Send commands; resolve with z3's output up to the marker. */
  run(commands: string, watchdogMs?: number): Promise<string> {
    if (this.exitReason !== undefined) return Promise.reject(new Error(this.exitReason));
    if (this.pending) return Promise.reject(new Error('z3 process busy'));
    const marker = `@@symdap-${++this.counter}`;
    return new Promise<string>((resolve, reject) => {
      const timer =
        watchdogMs === undefined
          ? undefined
          : setTimeout(() => {
              this.kill();
              this.fail(new Error('timeout (z3 did not answer, process killed)'));
            }, watchdogMs);
      const done = (): void => {
        if (timer) clearTimeout(timer);
        this.pending = undefined;
      };
      this.pending = {
        marker,
        resolve: (out) => {
          done();
          resolve(out);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      };
      this.child.stdin.write(`${commands}\n(echo "${marker}")\n`);
      this.onData('');
    });
  }

  kill(): void {
    if (this.exitReason === undefined) this.exitReason = 'z3 process killed';
    this.child.kill('SIGKILL');
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    const p = this.pending;
    if (!p) return;
    const at = this.buffer.indexOf(`${p.marker}\n`);
    if (at < 0) return;
    const out = this.buffer.slice(0, at);
    this.buffer = this.buffer.slice(at + p.marker.length + 1);
    p.resolve(out);
  }

  private onExit(reason: string): void {
    if (this.exitReason === undefined) this.exitReason = reason;
    this.fail(new Error(this.exitReason));
  }

  private fail(e: Error): void {
    this.pending?.reject(e);
  }
}
