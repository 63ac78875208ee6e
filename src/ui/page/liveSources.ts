/// <reference lib="dom" />
// The page's live sources. `ws`: beside any editor (`symdap dap --ui`), the page connects back
// to the server that served it (same host and port, same token) and speaks the tree page's
// subset of DAP: `symdap/tree {compact, subscribe}`, then `symdap/treeDelta` events; clicks
// send `symdap/focus` or `symdap/followBranch`. `vscode`: inside a VS Code webview, the
// extension (extension/src/treePanel.ts) relays the same requests and events as messages.

import type { TreeDelta, TreeView, ViewNode } from '../model';

/** Where the page's views and deltas come from, and where its clicks go (main.ts picks one). */
export interface LiveSource {
  start(onView: (v: TreeView) => void, onDelta: (d: TreeDelta) => void): void;
  activate(n: ViewNode): void;
}

/** What a click asks the debugger: follow an unexplored branch, or focus the node's state. */
export function clickRequest(n: ViewNode): { command: string; arguments: Record<string, unknown> } {
  return n.follow
    ? { command: 'symdap/followBranch', arguments: { threadId: n.follow.thread, branch: n.follow.branch } }
    : { command: 'symdap/focus', arguments: { nodeId: n.id } };
}

export function wsSource(status: (text: string) => void): LiveSource {
  let ws: WebSocket | undefined;
  let seq = 1;
  const send = (r: { command: string; arguments: Record<string, unknown> }): void => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ seq: seq++, type: 'request', ...r }));
  };
  return {
    start(onView, onDelta) {
      ws = new WebSocket(`ws://${location.host}/${location.search}`);
      ws.onopen = () => send({ command: 'symdap/tree', arguments: { compact: true, subscribe: true } });
      ws.onmessage = (e) => {
        const m = JSON.parse(String(e.data)) as {
          type: string;
          command?: string;
          event?: string;
          success?: boolean;
          message?: string;
          body?: unknown;
        };
        if (m.type === 'response' && !m.success) status(`${m.command}: ${m.message ?? 'failed'}`);
        else if (m.type === 'response' && m.command === 'symdap/tree') onView(m.body as TreeView);
        else if (m.type === 'event' && m.event === 'symdap/treeDelta') onDelta(m.body as TreeDelta);
      };
      ws.onclose = () => status('the debug session has ended');
    },
    activate: (n) => send(clickRequest(n)),
  };
}

interface VsCodeApi {
  postMessage(m: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

export function vscodeSource(status: (text: string) => void): LiveSource {
  const api = acquireVsCodeApi();
  return {
    start(onView, onDelta) {
      window.addEventListener('message', (e: MessageEvent) => {
        const m = e.data as { type: string; view?: TreeView; delta?: TreeDelta; text?: string };
        if (m.type === 'view') onView(m.view!);
        else if (m.type === 'delta') onDelta(m.delta!);
        else if (m.type === 'status') status(m.text ?? '');
      });
      api.postMessage({ type: 'ready' });
    },
    activate: (n) => api.postMessage({ type: 'request', ...clickRequest(n) }),
  };
}
