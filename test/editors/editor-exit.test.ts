// After an editor exits, no symdap process may be left, whatever the client (issue 12).
// Over stdio the editor's exit closes the adapter's stdin mid-session, without disconnect;
// a TCP server started by an editor goes once its session has ended, or, if no client ever
// connects, a grace period after the editor has quit.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { tcpClient } from '../adapter/transportSupport';
import { freePort, startStdio } from './adapterProcess';
import { ok, PROGRAM, stopAfter } from './clientReplay';
import { symdapEnvForSuite } from './readmeRecipes';
import { ORPHAN_GRACE_MS } from '../../src/cli/serverLifetime';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function goneWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return !alive(pid);
}

describe('symdap after the editor quits', () => {
  const symdapEnv = symdapEnvForSuite();

  it('stdio: the adapter exits when the editor closes its pipes mid-session', async () => {
    const adapter = startStdio('symdap', ['dap'], symdapEnv());
    try {
      const c = adapter.client;
      const initialized = c.waitForEvent('initialized', 30_000);
      await ok(c, 'initialize', {
        adapterID: 'symdap',
        linesStartAt1: true,
        columnsStartAt1: true,
        pathFormat: 'path',
      });
      const entry = stopAfter(c, '', undefined);
      const launched = c.request({ command: 'launch', arguments: { program: PROGRAM, stopOnEntry: true } });
      await initialized;
      await ok(c, 'configurationDone');
      await launched;
      await entry;
      adapter.child.stdin?.end();
      expect(await adapter.exited(10_000)).toBe(0);
    } finally {
      adapter.child.kill();
    }
  }, 60_000);

  // nvim-dap 0.6, Helix and vimspector start `symdap dap --server` and leave it running when
  // they quit; the server exits once its last session has ended, and a client may still
  // connect to a server whose launcher has already quit (here at once).
  it('TCP: a server whose editor has quit exits once its session has ended', async () => {
    const port = await freePort();
    // The "editor" (sh) starts the server in the background and quits at once.
    const started = spawnSync('sh', ['-c', `symdap dap --server=${port} >/dev/null 2>&1 & echo $!`], {
      env: symdapEnv(),
      encoding: 'utf8',
    });
    const pid = Number(started.stdout.trim());
    try {
      let client: Awaited<ReturnType<typeof tcpClient>> | undefined;
      for (let i = 0; !client && i < 100; i++)
        client = await tcpClient(port).catch(async () => {
          await new Promise((r) => setTimeout(r, 100));
          return undefined;
        });
      expect(client).toBeDefined();
      await ok(client!, 'initialize', { adapterID: 'symdap' });
      await ok(client!, 'disconnect', { restart: false });
      client!.socket.destroy();
      expect(await goneWithin(pid, 5_000)).toBe(true);
    } finally {
      if (alive(pid)) process.kill(pid);
    }
  }, 60_000);

  // An editor that started the server and quit (or crashed) before connecting: once the
  // server's parent has gone, it waits ORPHAN_GRACE_MS for a first client, then exits.
  it('TCP: a server nobody connects to exits after the editor that started it has quit', async () => {
    const port = await freePort();
    const started = spawnSync('sh', ['-c', `symdap dap --server=${port} </dev/null >/dev/null 2>&1 & echo $!`], {
      env: symdapEnv(),
      encoding: 'utf8',
    });
    const pid = Number(started.stdout.trim());
    try {
      await new Promise((r) => setTimeout(r, ORPHAN_GRACE_MS / 2));
      expect(alive(pid)).toBe(true);
      expect(await goneWithin(pid, ORPHAN_GRACE_MS + 5_000)).toBe(true);
    } finally {
      if (alive(pid)) process.kill(pid);
    }
  }, 60_000);

  it('TCP: a server whose stdin pipe the editor closes exits without a client after the grace period', async () => {
    const adapter = startStdio('symdap', ['dap', `--server=${await freePort()}`], symdapEnv());
    try {
      adapter.child.stdin?.end();
      expect(await adapter.exited(ORPHAN_GRACE_MS + 5_000)).toBe(0);
    } finally {
      adapter.child.kill();
    }
  }, 60_000);
});
