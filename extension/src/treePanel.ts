// The "Symbolic Execution Tree" panel: the same page as `symdap dap --ui` and the report
// (src/ui/page, bundled into dist/ui/tree.js), in a webview, fed through the debug session's
// own custom requests and events: `symdap/tree {compact, subscribe}` once the launch is
// answered, then `symdap/treeDelta`; a click sends `symdap/focus` or `symdap/followBranch`,
// so VS Code gets a `stopped` event and shows that state. Opens with each symdap session
// (setting `symdap.tree.openOnDebug`) and by the command `symdap.showTree`.

import * as vscode from 'vscode';
import { treePageHtml } from '../../src/ui/pageHtml';

const TITLE = 'Symbolic Execution Tree';

type PageMessage = { type: 'ready' } | { type: 'request'; command: string; arguments: Record<string, unknown> };

class TreePanel {
  private panel: vscode.WebviewPanel | undefined;
  private session: vscode.DebugSession | undefined;
  /** Sessions whose launch was answered: only then is there a tree to ask for. */
  private readonly launched = new WeakSet<vscode.DebugSession>();

  constructor(private readonly bundle: string) {}

  /** Counts page loads: VS Code reloads a webview only when its HTML changes. */
  private loads = 0;

  /** Shows `session`'s tree: the page is loaded afresh (it asks for the tree once ready), so a
   *  second session, or the command on the same one, never leaves the old tree in place. */
  show(session: vscode.DebugSession): void {
    this.session = session;
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(
        'symdap.tree',
        TITLE,
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        {
          enableScripts: true,
          retainContextWhenHidden: true,
          localResourceRoots: [],
        },
      );
      this.panel.onDidDispose(() => {
        this.panel = undefined;
      });
      this.panel.webview.onDidReceiveMessage((m: PageMessage) => this.fromPage(m));
    } else this.panel.reveal(undefined, true);
    this.loads += 1;
    this.panel.webview.html = treePageHtml(
      TITLE,
      undefined,
      `window.symdapTreeLive='vscode'; // load ${this.loads}`,
      this.bundle,
    );
  }

  launchedSession(session: vscode.DebugSession): void {
    this.launched.add(session);
    if (session === this.session) void this.subscribe();
  }

  delta(session: vscode.DebugSession, body: unknown): void {
    if (session === this.session) void this.panel?.webview.postMessage({ type: 'delta', delta: body });
  }

  ended(session: vscode.DebugSession): void {
    if (session === this.session)
      void this.panel?.webview.postMessage({ type: 'status', text: 'the debug session has ended' });
  }

  private fromPage(m: PageMessage): void {
    if (m.type === 'ready') {
      if (this.session && this.launched.has(this.session)) void this.subscribe();
      return;
    }
    if (m.type === 'request' && (m.command === 'symdap/focus' || m.command === 'symdap/followBranch')) {
      this.session?.customRequest(m.command, m.arguments).then(undefined, (e: unknown) => this.status(e));
    }
  }

  private async subscribe(): Promise<void> {
    const session = this.session;
    try {
      const view: unknown = await session?.customRequest('symdap/tree', { compact: true, subscribe: true });
      if (session === this.session) void this.panel?.webview.postMessage({ type: 'view', view });
    } catch (e) {
      this.status(e);
    }
  }

  private status(e: unknown): void {
    void this.panel?.webview.postMessage({ type: 'status', text: e instanceof Error ? e.message : String(e) });
  }
}

export function registerTreePanel(context: vscode.ExtensionContext, bundle: string): void {
  const panel = new TreePanel(bundle);
  const isSym = (s: vscode.DebugSession | undefined): s is vscode.DebugSession => s?.type === 'symdap';
  context.subscriptions.push(
    vscode.commands.registerCommand('symdap.showTree', () => {
      const s = vscode.debug.activeDebugSession;
      if (isSym(s)) panel.show(s);
      else void vscode.window.showInformationMessage('Start a Sym debug session first: the tree shows its paths.');
    }),
    vscode.debug.onDidStartDebugSession((s) => {
      if (isSym(s) && vscode.workspace.getConfiguration('symdap').get<boolean>('tree.openOnDebug', true)) panel.show(s);
    }),
    vscode.debug.registerDebugAdapterTrackerFactory('symdap', {
      createDebugAdapterTracker: (s) => ({
        onDidSendMessage: (m: { type?: string; command?: string; success?: boolean }) => {
          if (m.type === 'response' && m.command === 'launch' && m.success) panel.launchedSession(s);
        },
      }),
    }),
    vscode.debug.onDidReceiveDebugSessionCustomEvent((e) => {
      if (e.event === 'symdap/treeDelta') panel.delta(e.session, e.body);
    }),
    vscode.debug.onDidTerminateDebugSession((s) => panel.ended(s)),
  );
}
