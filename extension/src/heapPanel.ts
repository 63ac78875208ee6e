// The "Heap Graph" panel (issue 27): the heap graph of the stack frame VS Code has selected, in
// a webview beside the editor (the page is src/ui/heapPage, bundled into dist/ui/heap.js). It
// asks the debug session `symdap/heapGraph {frameId}` when opened (command `symdap.showHeapGraph`),
// whenever the selected frame or thread changes, and on every stop: stepping redraws it. The
// tree panel (treePanel.ts) is the model: one panel, fed through the session's custom requests.

import * as vscode from 'vscode';
import { heapPageHtml } from '../../src/ui/heapPageHtml';
import type { HeapGraph } from '../../src/ui/heap/model';

const TITLE = 'Heap Graph';

interface FrameInfo {
  readonly id: number;
  readonly name: string;
  readonly line: number;
  readonly presentationHint?: string;
}

class HeapPanel {
  private panel: vscode.WebviewPanel | undefined;
  private ready = false;
  /** Counts requests, so an older answer never replaces a newer frame's graph. */
  private asked = 0;

  constructor(private readonly bundle: string) {}

  show(): void {
    if (this.panel) {
      this.panel.reveal(undefined, true);
      void this.refresh();
      return;
    }
    this.panel = vscode.window.createWebviewPanel(
      'symdap.heapGraph',
      TITLE,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, retainContextWhenHidden: true, localResourceRoots: [] },
    );
    this.ready = false;
    this.panel.onDidDispose(() => {
      this.panel = undefined;
    });
    this.panel.webview.onDidReceiveMessage((m: { type?: string }) => {
      if (m.type !== 'ready') return;
      this.ready = true;
      void this.refresh();
    });
    this.panel.webview.html = heapPageHtml(this.bundle);
  }

  /** Draws the selected frame's graph (a thread selected: its top frame). */
  async refresh(): Promise<void> {
    if (!this.panel || !this.ready) return;
    const item = vscode.debug.activeStackItem;
    if (!item || item.session.type !== 'symdap') {
      this.post({ type: 'status', text: 'Select a stack frame of a Sym debug session to see its heap.' });
      return;
    }
    const token = ++this.asked;
    try {
      const frame = await frameOf(item.session, item.threadId, 'frameId' in item ? item.frameId : undefined);
      if (!frame) return this.post({ type: 'status', text: `thread #${item.threadId} has no stack frame` });
      const graph = (await item.session.customRequest('symdap/heapGraph', { frameId: frame.id })) as HeapGraph;
      if (token !== this.asked) return;
      this.post({
        type: 'graph',
        graph,
        title: `heap of ${frame.name}, line ${frame.line} (thread #${item.threadId})`,
        frame: `${graph.proc}:${frame.line}`,
      });
    } catch (e) {
      if (token === this.asked) this.post({ type: 'status', text: e instanceof Error ? e.message : String(e) });
    }
  }

  ended(): void {
    this.post({ type: 'status', text: 'the debug session has ended' });
  }

  private post(m: unknown): void {
    void this.panel?.webview.postMessage(m);
  }
}

/** The frame `frameId` of the thread (its name and line), or its top frame. */
async function frameOf(s: vscode.DebugSession, threadId: number, frameId?: number): Promise<FrameInfo | undefined> {
  const r = (await s.customRequest('stackTrace', { threadId })) as { stackFrames: FrameInfo[] };
  // The "earlier states" separator is a label, not a state.
  const frames = r.stackFrames.filter((f) => f.presentationHint !== 'label');
  return frameId === undefined ? frames[0] : (frames.find((f) => f.id === frameId) ?? frames[0]);
}

export function registerHeapPanel(context: vscode.ExtensionContext, bundle: string): void {
  const panel = new HeapPanel(bundle);
  context.subscriptions.push(
    vscode.commands.registerCommand('symdap.showHeapGraph', () => panel.show()),
    vscode.debug.onDidChangeActiveStackItem(() => void panel.refresh()),
    vscode.debug.registerDebugAdapterTrackerFactory('symdap', {
      createDebugAdapterTracker: () => ({
        // A step may keep the selected frame's id: the stop itself redraws.
        onDidSendMessage: (m: { type?: string; event?: string }) => {
          if (m.type === 'event' && m.event === 'stopped') setTimeout(() => void panel.refresh(), 50);
        },
      }),
    }),
    vscode.debug.onDidTerminateDebugSession((s) => {
      if (s.type === 'symdap') panel.ended();
    }),
  );
}
