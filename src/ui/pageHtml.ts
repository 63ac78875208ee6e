// The tree page as one HTML document: styles, the bundled script (dist/ui/tree.js, made by
// `npm run build`) and optionally the data, all inlined: no network, no external files.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TreeView } from './model';

const STYLE = `
body{margin:0;font:13px system-ui,sans-serif;color:#222;background:#fafafa}
#symdap-tree{display:grid;grid-template-columns:1fr 320px;grid-template-rows:auto 1fr;height:100vh}
.header{grid-column:1/3;padding:6px 10px;background:#263238;color:#fff;font-weight:600}.header .status{color:#ffcc80;font-weight:400;margin-left:1em}
.canvas{overflow:auto}.panel{overflow:auto;border-left:1px solid #ccc;padding:8px;background:#fff}
.panel td{vertical-align:top;padding:2px 4px;font-family:monospace;overflow-wrap:anywhere}.panel td:first-child{color:#666;white-space:nowrap}
#symdap-tree.wide{grid-template-columns:1fr minmax(320px,55%)}.panel .heap{margin-top:8px;overflow:auto;border-top:1px solid #eee}
.panel h4{margin:4px 0}.changes{padding-left:18px;font-family:monospace}.changes .gained{color:#2e7d32}.changes .lost{color:#546e7a;text-decoration:line-through}.changes .changed{color:#e65100}
.warnings{margin-top:10px;padding:6px;background:#fff8e1;border:1px solid #ffcc80;font-family:monospace}.warnings h4{font-family:system-ui}
.node.compared rect{stroke-width:3.5;stroke-dasharray:6 3}.elabel{white-space:pre}
.node{cursor:pointer;user-select:none}.panel .caption{font-weight:600;margin:4px 0}.node rect{fill:#fff;stroke:#90a4ae;stroke-width:1.5}.node text{font-size:11px}.node .counts{fill:#555}
.node.selected rect{stroke-width:3.5}.node.summary rect{stroke-dasharray:5 3}.node.unexplored rect{stroke-dasharray:2 2}
.s-live rect{stroke:#1e88e5}.past rect{stroke:#90a4ae}.s-paused rect{stroke:#fb8c00;fill:#fff3e0}.s-completed rect{stroke:#43a047;fill:#e8f5e9}
.s-failed rect{stroke:#e53935;fill:#ffebee}.s-infeasible rect{stroke:#9e9e9e;fill:#f5f5f5}.s-bounded rect{stroke:#8e24aa;fill:#f3e5f5}.s-excluded rect{stroke:#9e9e9e;fill:#f5f5f5;stroke-dasharray:3 2}
.edge polyline{fill:none;stroke:#78909c;stroke-width:1.2}.edge.s-failed polyline{stroke:#e53935}.elabel{font-size:10px;fill:#37474f}
@media (max-width:760px){#symdap-tree{grid-template-columns:1fr;grid-template-rows:auto 1fr 30%}.header{grid-column:1}.panel{border-left:0;border-top:1px solid #ccc}}
`;

export function bundlePath(): string {
  return join(__dirname, '..', '..', 'dist', 'ui', 'tree.js');
}

/** `data` inlined for a report; `preamble` (a script run first) installs a live source;
 *  `bundle`: where the page's script is (the VS Code extension ships its own copy). */
export function treePageHtml(title: string, data?: TreeView, preamble = '', bundle = bundlePath()): string {
  const script = readFileSync(bundle, 'utf8');
  const json = data ? JSON.stringify(data).replace(/</g, '\\u003c') : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src ws://127.0.0.1:* ws://localhost:*">
<style>${STYLE}</style></head>
<body><div id="symdap-tree"><div class="header"><span class="title">Symbolic Execution Tree</span> <span class="status"></span></div><div class="canvas"></div><div class="panel"></div></div>
${data ? `<script type="application/json" id="symdap-tree-data">${json}</script>` : ''}
${preamble ? `<script>${preamble}</script>` : ''}
<script>${script.replace(/<\/script/gi, '<\\/script')}</script>
</body></html>
`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
