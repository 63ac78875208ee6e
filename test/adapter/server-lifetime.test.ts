// When a `symdap dap` server stops on its own (src/cli/serverLifetime.ts), driven through its
// ConnectionWatcher interface as the TCP and WebSocket servers drive it: after the last
// session that spoke DAP (and a linger for a reconnecting client), or once its parent is gone and a grace period has passed without
// a client; never with --multi. Processes and real sockets: test/editors/editor-exit.test.ts
// and test/adapter/transport-tcp.test.ts.

import { describe, expect, it } from 'vitest';
import { ServerLifetime } from '../../src/cli/serverLifetime';

const GRACE = 80;
const LINGER = 40;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The reason, or 'running' if the server is not done within `ms`. */
function state(l: ServerLifetime, ms = 20): Promise<string> {
  return Promise.race([l.ended, sleep(ms).then(() => 'running')]);
}

describe('server lifetime', () => {
  it('ends when the last of its sessions has ended, not before', async () => {
    const l = new ServerLifetime({ multi: false, graceMs: GRACE, lingerMs: LINGER });
    expect(await state(l)).toBe('running');
    l.opened();
    l.opened();
    l.closed(true);
    expect(await state(l)).toBe('running');
    l.closed(true);
    expect(await state(l, LINGER + 60)).toBe('its last session has ended');
  });

  it('a client that reconnects while the server lingers (a restarted session) keeps it', async () => {
    const l = new ServerLifetime({ multi: false, graceMs: GRACE, lingerMs: LINGER });
    l.opened();
    l.closed(true);
    await sleep(LINGER / 2);
    l.opened();
    expect(await state(l, LINGER + 40)).toBe('running');
    l.closed(true);
    expect(await state(l, LINGER + 60)).toBe('its last session has ended');
  });

  it('a connection that never spoke DAP (a port probe, a refused HTTP request) is no session', async () => {
    const l = new ServerLifetime({ multi: false, graceMs: GRACE, lingerMs: LINGER });
    l.opened();
    l.closed(false);
    expect(await state(l)).toBe('running');
    l.opened();
    l.closed(true);
    expect(await state(l, LINGER + 60)).toBe('its last session has ended');
  });

  it('once its parent is gone, waits the grace period for a first client, then ends', async () => {
    const l = new ServerLifetime({ multi: false, graceMs: GRACE, lingerMs: LINGER });
    l.parentGone();
    expect(await state(l)).toBe('running');
    expect(await state(l, GRACE + 100)).toBe('the process that started it is gone and no client connected');
  });

  it('a client connected when the grace period ends keeps it until its session ends', async () => {
    const l = new ServerLifetime({ multi: false, graceMs: GRACE, lingerMs: LINGER });
    l.parentGone();
    l.opened();
    expect(await state(l, GRACE + 50)).toBe('running');
    l.closed(true);
    expect(await state(l, LINGER + 60)).toBe('its last session has ended');
  });

  it('with --multi it serves until a signal: neither the last session nor the parent ends it', async () => {
    const l = new ServerLifetime({ multi: true, graceMs: GRACE, lingerMs: LINGER });
    l.opened();
    l.closed(true);
    l.parentGone();
    expect(await state(l, GRACE + 100)).toBe('running');
    l.dispose();
  });
});
