#!/usr/bin/env node
// Bundles the execution-tree page (src/ui/page/main.ts, elkjs included) into dist/ui/tree.js
// with esbuild; part of `npm run build`. The bundle is generated, never committed.
'use strict';
const path = require('node:path');
require('esbuild').buildSync({
  entryPoints: [path.join(__dirname, '..', 'src', 'ui', 'page', 'main.ts')],
  outfile: path.join(__dirname, '..', 'dist', 'ui', 'tree.js'),
  bundle: true, minify: !process.env.SYMDAP_UI_DEBUG, format: 'iife', target: 'es2020', platform: 'browser', logLevel: 'warning',
});
