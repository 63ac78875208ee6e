// `symdap dap` on stdio, end to end against the built CLI: the scenario through
// @vscode/debugadapter-testsupport's DebugClient, stdout carrying nothing but well-framed
// DAP messages, a clean exit after `disconnect` or when the client goes away, and usage errors.

import { spawn, spawnSync } from 'node:child_process';
import * as path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { describe, expect, it } from 'vitest';
import { ContentLengthDecoder } from '../../src/adapter/transport/framing';
import { DEFAULT_LIMITS } from '../../src/adapter/limits';
import {
  MessageClient,
  ROOT,
  StdioDebugClient,
  launchStopped,
  sample,
  threePathsScenario,
  withTimeout,
} from './transportSupport';

const BIN = path.join(ROOT, 'bin', 'symdap.js');

describe('symdap dap over stdio', () => {
  it('carries the scenario with DebugClient and exits 0 after disconnect, stderr silent', async () => {
    const dc = new StdioDebugClient();
    await threePathsScenario(dc);
    expect(await withTimeout(dc.exited(), 10_000, 'adapter exit')).toBe(0);
    expect(dc.stderr).toBe('');
  }, 60_000);

  it('writes only well-framed DAP messages to stdout', async () => {
    const child = spawn(process.execPath, [BIN, 'dap'], { stdio: 'pipe' });
    const decoder = new ContentLengthDecoder(DEFAULT_LIMITS);
    const faults: string[] = [];
    const client = new MessageClient((m) =>
      child.stdin.write(`Content-Length: ${Buffer.byteLength(JSON.stringify(m))}\r\n\r\n${JSON.stringify(m)}`),
    );
    child.stdout.on('data', (chunk: Buffer) => {
      const { messages, error } = decoder.push(chunk);
      if (error) faults.push(error);
      messages.forEach((m) => client.receive(m as DebugProtocol.ProtocolMessage));
    });
    await threePathsScenario(client);
    await withTimeout(new Promise((r) => child.once('exit', r)), 10_000, 'adapter exit');
    expect(faults).toEqual([]);
  }, 60_000);

  it('exits when the client closes stdin mid-session', async () => {
    const dc = new StdioDebugClient(['--verbose']);
    await launchStopped(dc, sample('lecture/three_paths.sym'));
    dc.child.stdin?.end();
    expect(await withTimeout(dc.exited(), 10_000, 'adapter exit')).toBe(0);
    expect(dc.stderr).toMatch(/stdio: closed/);
  }, 60_000);

  it('rejects bad options with exit 2 and a usage line', () => {
    for (const args of [
      ['--server=abc'],
      ['--server=1', '--ws=2'],
      ['--token', 'x'],
      ['extra'],
      ['--ws=70000'],
      ['--multi'],
    ]) {
      const r = spawnSync(process.execPath, [BIN, 'dap', ...args], { encoding: 'utf8', timeout: 20_000 });
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/usage: symdap dap/);
    }
  });
});
