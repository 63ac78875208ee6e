#!/usr/bin/env node
// Compiles the nearley grammars (Sym's src/lang/grammar.ne and Silver's src/lang/viper/grammar.ne)
// into their grammar.generated.ts with nearleyc. The generated files are build output: they are
// git-ignored and never edited by hand.
'use strict';
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const fs = require('node:fs');

const root = path.resolve(__dirname, '..');
const nearleyc = require.resolve('nearley/bin/nearleyc.js');
for (const dir of ['src/lang', 'src/lang/viper']) {
  const source = path.join(root, dir, 'grammar.ne');
  const target = path.join(root, dir, 'grammar.generated.ts');
  if (fs.existsSync(source)) execFileSync(process.execPath, [nearleyc, source, '-o', target], { stdio: 'inherit' });
}
