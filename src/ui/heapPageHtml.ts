// The heap graph view's page (VS Code's "Heap Graph" panel) as one HTML document: styles and
// the bundled script (dist/ui/heap.js, made by `npm run build`) inlined, no network.

import { readFileSync } from 'node:fs';

const STYLE = `
body{margin:0;font:13px system-ui,sans-serif;color:#222;background:#fafafa}
.status{padding:6px 10px;background:#263238;color:#fff;font-weight:600}.graph{overflow:auto;padding:6px}
`;

export function heapPageHtml(bundle: string, preamble = ''): string {
  const script = readFileSync(bundle, 'utf8');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Heap Graph</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<style>${STYLE}</style></head>
<body><div class="status">Select a stack frame of a Sym debug session to see its heap.</div><div class="graph"></div>
${preamble ? `<script>${preamble}</script>` : ''}
<script>${script.replace(/<\/script/gi, '<\\/script')}</script>
</body></html>
`;
}
