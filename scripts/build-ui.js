#!/usr/bin/env node
// Bundles the execution-tree page (src/ui/page/main.ts, elkjs included) into dist/ui/tree.js,
// and the heap graph's SVG renderer for Node (src/ui/heap/render.ts, elkjs included) into
// dist/ui/heap-svg.js, with esbuild; part of `npm run build`. The bundles are generated, never committed.
'use strict';
const path = require('node:path');
const esbuild = require('esbuild');
const src = (...p) => path.join(__dirname, '..', 'src', ...p);
const out = (f) => path.join(__dirname, '..', 'dist', 'ui', f);
esbuild.buildSync({
  entryPoints: [src('ui', 'page', 'main.ts')],
  outfile: out('tree.js'),
  bundle: true,
  minify: !process.env.SYMDAP_UI_DEBUG,
  format: 'iife',
  target: 'es2020',
  platform: 'browser',
  logLevel: 'warning',
});
esbuild.buildSync({
  entryPoints: [src('ui', 'heap', 'render.ts')],
  outfile: out('heap-svg.js'),
  bundle: true,
  minify: !process.env.SYMDAP_UI_DEBUG,
  format: 'cjs',
  target: 'node20',
  platform: 'node',
  logLevel: 'warning',
});
