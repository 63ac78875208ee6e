// Where the CLI writes: the real process streams, or buffers in tests.

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is a terminal (diagnostics then get a caret excerpt). */
  readonly errIsTTY: boolean;
}

export function processIO(): CliIO {
  return {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    errIsTTY: Boolean(process.stderr.isTTY),
  };
}

export function bufferIO(): CliIO & { stdout: () => string; stderr: () => string } {
  let o = '';
  let e = '';
  return {
    out: (t) => { o += t; },
    err: (t) => { e += t; },
    errIsTTY: false,
    stdout: () => o,
    stderr: () => e,
  };
}
