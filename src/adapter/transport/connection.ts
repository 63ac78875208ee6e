// One client bound to one debug session, whatever the transport. The session is driven
// "inline": messages go in through handleMessage and come out through onDidSendMessage, so
// each transport only moves whole JSON messages and the session never touches a stream.
// Closing the connection (client gone, framing error, or on stdio the answered disconnect)
// disposes the session, which stops its engine; other sessions are unaffected.

import { Event, Response, type DebugSession } from '@vscode/debugadapter';
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
  private delivered = false;
  private readonly subscription: { dispose(): void };

  constructor(
    private readonly session: DebugSession,
    private readonly sink: MessageSink,
    private readonly log: Logger,
    private readonly name: string,
    /** End the channel once `disconnect` is answered (stdio: the adapter process is done). */
    private readonly endOnDisconnect = false,
  ) {
    session.setRunAsServer(true);
    this.subscription = session.onDidSendMessage((m) => this.forward(m as DebugProtocol.ProtocolMessage));
  }

  /** Hands one parsed message to the session; a throwing handler still yields an error response. */
  deliver(message: object): void {
    if (this.closed) return;
    if (!isKnownType(message)) {
      this.log.info(`${this.name}: ignored a message that is neither a request nor a response`);
      return;
    }
    this.delivered = true;
    try {
      this.session.handleMessage(message as DebugProtocol.ProtocolMessage);
    } catch (e) {
      this.log.error(`${this.name}: request handler failed: ${e instanceof Error ? e.message : String(e)}`);
      if (isRequest(message)) this.session.sendResponse(new Response(message, 'internal error'));
    }
  }

  /** Did the client send a DAP message (it was a debug session, not a probe or a stray request)? */
  get spoke(): boolean {
    return this.delivered;
  }

  /** Answers a request the transport would not read (too large) with an error response. */
  refuse(seq: number | undefined, command: string | undefined, reason: string): void {
    if (this.closed) return;
    this.log.error(`${this.name}: refused ${command ?? 'a request'}: ${reason}`);
    this.session.sendResponse(new Response({ seq: seq ?? 0, type: 'request', command: command ?? 'unknown' }, reason));
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
    // On a socket the client hangs up after `disconnect` (and may still send requests until
    // then, as DebugClient.stop() does); on stdio nobody else would end the process.
    const response = message as DebugProtocol.Response;
    if (this.endOnDisconnect && response.type === 'response' && response.command === 'disconnect') this.close();
  }

  /**
   * Signals the end the way ProtocolServer.start() does when its input stream closes (a
   * 'close' event, which sessions listen to in order to stop their engine), then disposes.
   */
  private stopSession(): void {
    try {
      this.session.emit('close', new Event('close'));
      this.session.dispose();
    } catch (e) {
      this.log.error(`${this.name}: session did not shut down cleanly: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
