// Starts `symdap dap` the way an editor's adapter configuration says (command, args, and
// for TCP the port it substitutes), and gives a message-level DAP client on it: stdio over
// the child's pipes, TCP over a socket (retrying while the server starts, as clients do).

import { spawn, type ChildProcess } from 'node:child_process';
import * as net from 'node:net';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { ContentLengthDecoder, encodeMessage } from '../../src/adapter/transport/framing';
import { DEFAULT_LIMITS } from '../../src/adapter/limits';
import { MessageClient, tcpClient, withTimeout } from '../adapter/transportSupport';

export interface RunningAdapter {
  readonly client: MessageClient;
  readonly child: ChildProcess;
  stderr(): string;
  /** Resolves with the exit code once the child has exited (at most `ms` to wait). */
  exited(ms?: number): Promise<number | null>;
}

function exitedWithin(child: ChildProcess, ms: number): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return withTimeout(
    new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    ms,
    `${child.spawnfile} to exit`,
  );
}

function spawnAdapter(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; stderr: () => string } {
  const child = spawn(command, [...args], { env, stdio: 'pipe' });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  child.on('error', (e) => {
    stderr += `spawn error: ${e.message}\n`;
  });
  return { child, stderr: () => stderr };
}

/** `type = 'executable'` / stdio transport: DAP over the child's stdin/stdout. */
export function startStdio(command: string, args: readonly string[], env: NodeJS.ProcessEnv): RunningAdapter {
  const { child, stderr } = spawnAdapter(command, args, env);
  const client = new MessageClient((m) => child.stdin?.write(encodeMessage(m)));
  const decoder = new ContentLengthDecoder(DEFAULT_LIMITS);
  child.stdout?.on('data', (chunk: Buffer) =>
    decoder.push(chunk).messages.forEach((m: object) => client.receive(m as DebugProtocol.ProtocolMessage)),
  );
  child.on('exit', () => client.close());
  return { client, child, stderr, exited: (ms = 10_000) => exitedWithin(child, ms) };
}

/** `type = 'server'` / tcp transport: start the command (the port is already in its args), then connect. */
export async function startTcp(
  command: string,
  args: readonly string[],
  port: number,
  env: NodeJS.ProcessEnv,
): Promise<RunningAdapter & { socket: net.Socket }> {
  const { child, stderr } = spawnAdapter(command, args, env);
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const client = await tcpClient(port);
      return { client, socket: client.socket, child, stderr, exited: (ms = 10_000) => exitedWithin(child, ms) };
    } catch (e) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`cannot connect to ${command} ${args.join(' ')}: ${String(e)}\n${stderr()}`, { cause: e });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** A port nothing listens on right now (what nvim-dap's `${port}` and vimspector's `${unusedLocalPort}` do). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
