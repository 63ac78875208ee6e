// A real LSP client for the tests: `symdap lsp` as a child process (the built bin/symdap.js),
// spoken to over its stdio with vscode-languageserver-protocol, as editors do.

import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  PublishDiagnosticsNotification,
  type ProtocolConnection,
  type Diagnostic,
  type InitializeParams,
} from 'vscode-languageserver-protocol/node';

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'symdap.js');

export interface LspClient {
  readonly connection: ProtocolConnection;
  readonly child: ChildProcess;
  /** Every publishDiagnostics received, oldest first. */
  readonly published: { uri: string; diagnostics: Diagnostic[] }[];
  /** Resolves with the first publication for `uri` (after those already seen) that satisfies `pred`. */
  diagnostics(uri: string, pred: (ds: Diagnostic[]) => boolean): Promise<Diagnostic[]>;
  initialize(extra?: Partial<InitializeParams>): Promise<unknown>;
  open(uri: string, text: string, version?: number): void;
  stop(): Promise<void>;
}

/** Starts this checkout's `symdap lsp --stdio`, or `command` (e.g. as an editor recipe configures it) with `env`. */
export function startServer(
  command: readonly string[] = [process.execPath, BIN, 'lsp', '--stdio'],
  env: NodeJS.ProcessEnv = process.env,
): LspClient {
  const child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], env });
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout!),
    new StreamMessageWriter(child.stdin!),
  );
  const published: { uri: string; diagnostics: Diagnostic[] }[] = [];
  const waiters: { uri: string; pred: (ds: Diagnostic[]) => boolean; resolve: (ds: Diagnostic[]) => void }[] = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
    published.push(p);
    for (const w of [...waiters]) {
      if (w.uri === p.uri && w.pred(p.diagnostics)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p.diagnostics);
      }
    }
  });
  connection.listen();
  return {
    connection,
    child,
    published,
    diagnostics: (uri, pred) => new Promise((resolve) => waiters.push({ uri, pred, resolve })),
    initialize: (extra = {}) =>
      connection
        .sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, ...extra })
        .then(async (r) => {
          await connection.sendNotification('initialized', {});
          return r;
        }),
    open: (uri, text, version = 1) =>
      void connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'sym', version, text },
      }),
    stop: async () => {
      const exited = new Promise<void>((resolve) => {
        if (child.exitCode !== null) resolve();
        else child.once('exit', () => resolve());
      });
      try {
        await connection.sendRequest('shutdown');
        await connection.sendNotification('exit');
      } catch {
        /* already gone */
      }
      child.stdin?.end();
      await exited;
      connection.dispose();
    },
  };
}

/** The diagnostics that verification published (not the front end's). */
export const verifyResults = (ds: Diagnostic[]): Diagnostic[] => ds.filter((d) => d.source === 'symdap verify');

/** The editor saved the document: the server verifies it (when verify on save is on). */
export const save = (c: LspClient, uri: string): Promise<void> =>
  c.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
