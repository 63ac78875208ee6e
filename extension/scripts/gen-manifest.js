#!/usr/bin/env node
// Writes contributes.debuggers[0].configurationAttributes.launch of extension/package.json
// from src/adapter/launchSchema.ts, the single source of truth for launch arguments.
// Runs before every build; test/extension/manifest.test.ts fails when the committed
// package.json is stale. `--check` only reports (exit 1) instead of writing.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const esbuild = require('esbuild');

const extensionDir = path.resolve(__dirname, '..');
const schemaSource = path.resolve(extensionDir, '../src/adapter/launchSchema.ts');
const manifestPath = path.join(extensionDir, 'package.json');

/** Node 20 cannot load TypeScript; esbuild turns the (dependency-free) module into CommonJS. */
function loadSchemaModule() {
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [schemaSource],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
  });
  const mod = new Module(schemaSource);
  mod._compile(outputFiles[0].text, schemaSource);
  return mod.exports;
}

function main() {
  const launch = loadSchemaModule().launchConfigurationSchema();
  const text = fs.readFileSync(manifestPath, 'utf8');
  const manifest = JSON.parse(text);
  manifest.contributes.debuggers[0].configurationAttributes.launch = launch;
  const updated = JSON.stringify(manifest, null, 2) + '\n';
  if (updated === text) return;
  if (process.argv.includes('--check')) {
    console.error('extension/package.json is stale: run `npm run --prefix extension gen-manifest`');
    process.exit(1);
  }
  fs.writeFileSync(manifestPath, updated);
  console.log('updated the launch attributes in extension/package.json');
}

main();
