#!/usr/bin/env node
// Compiles src/lang/grammar.ne into src/lang/grammar.generated.ts with nearleyc.
// The generated file is build output: it is git-ignored and never edited by hand.
'use strict';
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const fs = require('node:fs');

const root = path.resolve(__dirname, '..');
const source = path.join(root, 'src/lang/grammar.ne');
const target = path.join(root, 'src/lang/grammar.generated.ts');
if (!fs.existsSync(source)) process.exit(0);
const nearleyc = require.resolve('nearley/bin/nearleyc.js');
execFileSync(process.execPath, [nearleyc, source, '-o', target], { stdio: 'inherit' });
