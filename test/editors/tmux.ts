// A terminal editor in tmux, as a user sees it: start a command in a detached session of a
// fixed size, read the screen (`capture-pane`), press keys (`send-keys`), wait for files the
// editor's harness writes. Each session has its own socket, so tests never meet.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

export interface Tmux {
  screen(): string;
  keys(...keys: string[]): void;
  kill(): void;
}

function tmux(socket: string, args: readonly string[], env?: NodeJS.ProcessEnv): string {
  const r = spawnSync('tmux', ['-S', socket, ...args], { encoding: 'utf8', timeout: 10_000, env });
  if (r.status !== 0) throw new Error(`tmux ${args[0]} failed: ${r.stderr}`);
  return r.stdout;
}

/** Runs `command` (a shell command line) in a new 160×48 terminal with `env`, in `cwd`. */
export function startInTmux(dir: string, command: string, env: NodeJS.ProcessEnv): Tmux {
  const socket = path.join(dir, 'tmux.sock');
  tmux(socket, ['new-session', '-d', '-x', '160', '-y', '48', '-c', dir, command], { ...env, TERM: 'xterm-256color' });
  return {
    screen: () => tmux(socket, ['capture-pane', '-p', '-t', '0']),
    keys: (...keys) => {
      tmux(socket, ['send-keys', '-t', '0', ...keys]);
    },
    kill: () => {
      spawnSync('tmux', ['-S', socket, 'kill-server'], { timeout: 10_000 });
    },
  };
}

/** The JSON a harness writes to `file`, once it is there (polling; at most `ms`). */
export async function waitForJson<T>(
  file: string,
  ms: number,
  what: string,
  screen?: () => string,
  errorFile?: string,
): Promise<T> {
  const deadline = Date.now() + ms;
  while (!existsSync(file)) {
    const failed = errorFile !== undefined && existsSync(errorFile);
    if (failed || Date.now() > deadline) {
      const why = failed ? `the harness failed: ${readFileSync(errorFile, 'utf8')}` : 'timed out';
      throw new Error(`${why} waiting for ${what}${screen ? `; the screen:\n${screen()}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 100));
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}
