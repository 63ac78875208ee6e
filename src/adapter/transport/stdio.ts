// `symdap dap` on stdio: one session over the process's stdin/stdout. Stdout belongs to
// the protocol alone, so anything else that writes there (console.log in a dependency, an
// Emscripten print) is diverted to stderr before the session starts.

import type { SessionFactory, Logger } from './connection';
import type { TransportLimits } from '../limits';
import { serveStream } from './streamConnection';

/** Diverts every other writer from stdout to stderr; returns a writer that still reaches stdout. */
export function reserveStdout(): (text: string) => void {
  const stdout = process.stdout;
  const write = stdout.write.bind(stdout) as (text: string) => boolean;
  const toStderr = process.stderr.write.bind(process.stderr);
  stdout.write = toStderr as typeof stdout.write;
  return (text) => {
    write(text);
  };
}

/** Serves one session on stdin/stdout; resolves when the client disconnects or stdin ends. */
export async function serveStdio(createSession: SessionFactory, limits: TransportLimits, log: Logger): Promise<void> {
  const write = reserveStdout();
  await serveStream(
    {
      input: process.stdin,
      write,
      end: () => process.stdin.destroy(),
    },
    createSession,
    limits,
    log,
    'stdio',
    true,
  );
  await flushStdout();
}

/** Waits until everything written to stdout (the last response) has reached the pipe. */
function flushStdout(): Promise<void> {
  return new Promise((resolve) => {
    if (process.stdout.writableLength === 0) resolve();
    else process.stdout.once('drain', () => resolve());
  });
}
