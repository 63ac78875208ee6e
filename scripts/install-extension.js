#!/usr/bin/env node
// Root `postinstall`: in a checkout of the repository, `npm install` (or `npm ci`) also installs
// the VS Code extension's own dependencies, so the README's two commands set up everything.
// The extension keeps its own node_modules (not an npm workspace) because `vsce package` ships
// the runtime dependencies it finds there (z3-solver and its wasm). In an installed copy of the
// npm package there is no extension/ folder, and this does nothing.

'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const extension = path.join(root, 'extension');
if (!existsSync(path.join(extension, 'package.json')) || process.env.SYMDAP_SKIP_EXTENSION_INSTALL === '1') {
  process.exit(0);
}
// `npm ci` when the root install is a clean install too; otherwise `npm install` keeps what is there.
const command = process.env.npm_command === 'ci' && existsSync(path.join(extension, 'package-lock.json')) ? 'ci' : 'install';
const npm = process.env.npm_execpath;
const [exe, args] = npm ? [process.execPath, [npm, command]] : ['npm', [command]];
console.log(`symdap: installing the VS Code extension's dependencies (npm ${command} in extension/)`);
const r = spawnSync(exe, [...args, '--no-audit', '--no-fund'], { cwd: extension, stdio: 'inherit', shell: !npm && process.platform === 'win32' });
process.exit(r.status ?? 1);
