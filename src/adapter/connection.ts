// One client bound to one debug session, whatever the transport. The session is driven
// "inline": messages go in through handleMessage and come out through onDidSendMessage, so
// each transport only moves whole JSON messages and the session never touches a stream.
// Closing the connection (client gone, framing error, disconnect answered) disposes the
// session, which stops its engine; other sessions in the same process are unaffected.

import { Response, type DebugSession } from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';

export interface Logger {
  /** Progress lines (connections opened and closed); shown with --verbose. */
  info(line: string): void;
  /** Why a connection was refused or closed. */
  error(line: string): void;
}

export const SILENT: Logger = { info: () => undefined, error: () => undefined };

export type SessionFactory = () => DebugSession;

/** What a transport provides: send one message, and close the channel (idempotent). */
export interface MessageSink {
  send(message: DebugProtocol.ProtocolMessage): void;
  /** `reason` is set when the connection is closed because of a fault. */
  close(reason?: string): void;
}

function isRequest(message: object): message is DebugProtocol.Request {
  return (message as { type?: unknown }).type === 'request';
}

function isKnownType(message: object): boolean {
  const type = (message as { type?: unknown }).type;
  return type === 'request' || type === 'response';
}

export class SessionConnection {
  private closed = false;
  private readonly subscription: { dispose(): void };

  constructor(
    private readonly session: DebugSession,
    private readonly sink: MessageSink,
    private readonly log: Logger,
    private readonly name: string,
  ) {
    session.setRunAsServer(true);
    this.subscription = session.onDidSendMessage((m) => this.forward(m as DebugProtocol.ProtocolMessage));
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Hands one parsed message to the session; a throwing handler still yields an error response. */
  deliver(message: object): void {
    if (this.closed) return;
    if (!isKnownType(message)) {
      this.log.info(`${this.name}: ignored a message that is neither a request nor a response`);
      return;
    }
    try {
      this.session.handleMessage(message as DebugProtocol.ProtocolMessage);
    } catch (e) {
      this.log.error(`${this.name}: request handler failed: ${e instanceof Error ? e.message : String(e)}`);
      if (isRequest(message)) this.session.sendResponse(new Response(message, 'internal error'));
    }
  }

  /** Ends the session and the channel; safe to call more than once. */
  close(reason?: string): void {
    if (this.closed) return;
    this.closed = true;
    if (reason) this.log.error(`${this.name}: closing: ${reason}`);
    else this.log.info(`${this.name}: closed`);
    this.stopSession();
    this.subscription.dispose();
    this.sink.close(reason);
  }

  private forward(message: DebugProtocol.ProtocolMessage): void {
    if (this.closed) return;
    this.sink.send(message);
    // The session has answered `disconnect`: it is over, so free it now rather than wait for
    // the client to hang up (a TCP client may never do so).
    const response = message as DebugProtocol.Response;
    if (response.type === 'response' && response.command === 'disconnect') this.close();
  }

  private stopSession(): void {
    try {
      this.session.shutdown();
      this.session.dispose();
    } catch (e) {
      this.log.error(`${this.name}: session did not shut down cleanly: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
