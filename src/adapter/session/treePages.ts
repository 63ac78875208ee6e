// The tree pages of one session (`ui: true`): the page server's lifetime, and what a page may
// ask. A page sends DAP requests, limited to the tree page's own: `symdap/tree` (always
// compact; each page gets its own `symdap/treeDelta` feed), `symdap/focus` and
// `symdap/followBranch`. Those two run through the session's own handlers, so they move the
// same paths and the editor's DAP client gets the `stopped` event; only the response goes
// back to the page.

import { Event, Response } from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Debuggee } from '../runtime/debuggee';
import { DEFAULT_LIMITS } from '../limits';
import type { PageSink, RunningUiServer } from '../transport/uiServer';
import { TreeFeed } from './treeView';
import type { HeapPlacer } from './heapPlacer';
import { userMessage } from './userError';

export const PAGE_COMMANDS: readonly string[] = ['symdap/tree', 'symdap/focus', 'symdap/followBranch'];

export interface PagesHost {
  /** Runs one of the session's handlers; its response comes back through `divert`. */
  dispatch(command: string, args: Record<string, unknown>, response: DebugProtocol.Response): void;
  debuggee(): Debuggee;
  /** Whether the session is between moves (cursors are paused). */
  stopped(): boolean;
  /** The page's script when not this package's dist/ui/tree.js (an embedder's own copy). */
  bundle(): string | undefined;
  /** The session's heap layouts: each page's feed sends heaps with their positions. */
  placer(): HeapPlacer | undefined;
}

export class TreePages {
  private readonly feeds = new Map<PageSink, TreeFeed>();
  private readonly waiting = new WeakMap<DebugProtocol.Response, PageSink>();
  private server: RunningUiServer | undefined;
  private closed = false;

  constructor(private readonly host: PagesHost) {}

  /** Starts the page server; resolves to the page's address (undefined once the session ended). */
  async open(): Promise<string | undefined> {
    const [{ startUiServer }, { treePageHtml }] = await Promise.all([
      import('../transport/uiServer'),
      import('../../ui/pageHtml'),
    ]);
    const html = treePageHtml('symdap: execution tree', undefined, "window.symdapTreeLive='ws';", this.host.bundle());
    const server = await startUiServer({
      html: () => html,
      handler: {
        message: (page, m) => this.request(page, m),
        closed: (page) => {
          this.feeds.delete(page);
        },
      },
      limits: DEFAULT_LIMITS,
      log: { info: () => undefined, error: (line) => process.stderr.write(`symdap dap: ${line}\n`) },
    });
    if (this.closed) {
      void server.close();
      return undefined;
    }
    this.server = server;
    return server.url;
  }

  private request(page: PageSink, message: object): void {
    const m = message as Partial<DebugProtocol.Request>;
    if (m.type !== 'request') return;
    const response: DebugProtocol.Response = new Response(m as DebugProtocol.Request);
    const command = typeof m.command === 'string' ? m.command : '';
    const args =
      typeof m.arguments === 'object' && m.arguments !== null ? (m.arguments as Record<string, unknown>) : {};
    if (!PAGE_COMMANDS.includes(command)) return page.send(failed(response, `the tree page may not send '${command}'`));
    if (command !== 'symdap/tree') {
      this.waiting.set(response, page);
      return this.host.dispatch(command, args, response);
    }
    try {
      const feed = new TreeFeed(this.host.placer());
      response.body = feed.snapshot(this.host.debuggee(), args, this.host.stopped());
      this.feeds.set(page, feed);
      page.send(response);
    } catch (e) {
      page.send(failed(response, userMessage(e)));
    }
  }

  /** A response to a page's request goes to that page, not to the DAP client. */
  divert(response: DebugProtocol.Response): boolean {
    const page = this.waiting.get(response);
    if (!page) return false;
    this.waiting.delete(response);
    page.send(response);
    return true;
  }

  /** After each move: every page gets what changed in its view. */
  publish(d: Debuggee): void {
    for (const [page, feed] of this.feeds) {
      const delta = feed.delta(d, true);
      if (delta) page.send(new Event('symdap/treeDelta', delta));
    }
  }

  /** The session ended: the page server stops (its pages see the socket close). */
  close(): void {
    this.closed = true;
    this.feeds.clear();
    void this.server?.close();
    this.server = undefined;
  }
}

function failed(response: DebugProtocol.Response, message: string): DebugProtocol.Response {
  response.success = false;
  response.message = message;
  return response;
}
