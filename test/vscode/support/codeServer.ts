// A throw-away code-server: scratch HOME/XDG/TMPDIR, user-data and extensions dirs, the
// .vsix installed into them, listening on 127.0.0.1 at a free port. `stop()` kills its
// whole process group, because every page load starts an extension host that outlives
// the browser.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync, createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { CODE_SERVER_BIN } from './cache';

const run = promisify(execFile);

export interface CodeServer {
  readonly url: string;
  readonly logFile: string;
  stop(): Promise<void>;
}

interface Dirs {
  home: string;
  userData: string;
  extensions: string;
  tmp: string;
}

function scratchDirs(root: string): Dirs {
  const dirs = {
    home: path.join(root, 'home'),
    userData: path.join(root, 'user-data'),
    extensions: path.join(root, 'extensions'),
    tmp: path.join(root, 'tmp'),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  mkdirSync(path.join(dirs.userData, 'User'), { recursive: true });
  writeFileSync(
    path.join(dirs.userData, 'User', 'settings.json'),
    JSON.stringify(
      {
        'security.workspace.trust.enabled': false,
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'extensions.ignoreRecommendations': true,
        'telemetry.telemetryLevel': 'off',
        'update.mode': 'none',
        'debug.toolBarLocation': 'floating',
        'debug.openDebug': 'openOnDebugBreak',
        'window.restoreWindows': 'none',
      },
      null,
      2,
    ),
  );
  return dirs;
}

function scratchEnv(d: Dirs): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOME: d.home,
    TMPDIR: d.tmp,
    XDG_CONFIG_HOME: path.join(d.home, '.config'),
    XDG_DATA_HOME: path.join(d.home, '.local', 'share'),
    XDG_CACHE_HOME: path.join(d.home, '.cache'),
    XDG_STATE_HOME: path.join(d.home, '.local', 'state'),
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function installExtension(vsix: string, d: Dirs): Promise<void> {
  await run(
    CODE_SERVER_BIN,
    ['--user-data-dir', d.userData, '--extensions-dir', d.extensions, '--install-extension', vsix],
    { env: scratchEnv(d), timeout: 60_000 },
  );
}

async function waitHealthy(url: string, child: ChildProcess, timeoutMs: number, logFile: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`code-server exited with ${child.exitCode} before answering; see ${logFile}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`code-server did not answer ${url}/healthz within ${timeoutMs} ms; see ${logFile}`);
}

function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the group (code-server, its extension hosts, their adapters), SIGKILL after 3 s. */
async function killGroup(child: ChildProcess): Promise<void> {
  const pgid = child.pid;
  if (pgid === undefined || !signalGroup(pgid, 'SIGTERM')) return;
  const deadline = Date.now() + 3000;
  while (signalGroup(pgid, 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (signalGroup(pgid, 'SIGKILL')) await new Promise((r) => setTimeout(r, 200));
}

/** Installs `vsix` and starts code-server on `workspace`; all state lives under `scratch`. */
export async function startCodeServer(opts: { vsix: string; workspace: string; scratch: string }): Promise<CodeServer> {
  const d = scratchDirs(opts.scratch);
  await installExtension(opts.vsix, d);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(opts.scratch, 'code-server.log');
  const log = createWriteStream(logFile);
  const child = spawn(
    CODE_SERVER_BIN,
    [
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--user-data-dir',
      d.userData,
      '--extensions-dir',
      d.extensions,
      opts.workspace,
    ],
    { env: scratchEnv(d), detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  // Should the runner itself die (Ctrl+C, a hard timeout), the group must not outlive it.
  const onExit = () => {
    if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
  };
  process.once('exit', onExit);
  const stop = () => {
    process.off('exit', onExit);
    return killGroup(child);
  };
  try {
    await waitHealthy(url, child, 30_000, logFile);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, logFile, stop };
}
