// After an editor exits, no symdap process may be left, whatever the client (issue 12).
// Over stdio the editor's exit closes the adapter's stdin mid-session, without disconnect;
// a TCP server started by an editor must go once the editor has quit and its session ended.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { tcpClient } from '../adapter/transportSupport';
import { freePort, startStdio } from './adapterProcess';
import { ok, PROGRAM, stopAfter } from './clientReplay';
import { symdapEnvForSuite } from './readmeRecipes';

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
      await ok(c, 'initialize', { adapterID: 'symdap', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
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

  // `symdap dap --server` runs until a signal: started by an editor that then quits (nvim-dap
  // 0.6, Helix, vimspector all start it and leave it), it stays (~130 MB each). Needs
  // src/cli/dap.ts to exit once its last session has ended and when its parent goes away.
  it.skip('TCP: a server whose editor has quit exits once its session has ended (adapter change pending, issue 12)', async () => {
    const port = await freePort();
    // The "editor" (sh) starts the server in the background and quits at once.
    const started = spawnSync('sh', ['-c', `symdap dap --server=${port} >/dev/null 2>&1 & echo $!`], { env: symdapEnv(), encoding: 'utf8' });
    const pid = Number(started.stdout.trim());
    try {
      let client: Awaited<ReturnType<typeof tcpClient>> | undefined;
      for (let i = 0; !client && i < 100; i++) client = await tcpClient(port).catch(async () => { await new Promise((r) => setTimeout(r, 100)); return undefined; });
      expect(client).toBeDefined();
      await ok(client!, 'initialize', { adapterID: 'symdap' });
      await ok(client!, 'disconnect', { restart: false });
      client!.socket.destroy();
      expect(await goneWithin(pid, 5_000)).toBe(true);
    } finally {
      if (alive(pid)) process.kill(pid);
    }
  }, 60_000);
});
