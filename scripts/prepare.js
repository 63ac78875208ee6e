#!/usr/bin/env node
// The root `prepare` script: what npm runs in a checkout after `npm install` / `npm ci`, before
// `npm pack`, and on `npm install -g .` (which links the checkout into the global prefix).
//  1. In a global install of a checkout without its node_modules (`npm install -g .` in a fresh
//     clone), npm installs none of the folder's dependencies before running this: a local
//     `npm install --ignore-scripts` brings them (the linked `symdap` command runs from this
//     folder and needs them at run time too).
//  2. Builds dist/ (`npm run build`).
//  3. In a local `npm install` / `npm ci` of the checkout only, installs the VS Code extension's
//     own dependencies in extension/ (kept apart, not an npm workspace, because `vsce package`
//     ships the runtime dependencies it finds there). Never in a global install: a nested npm
//     inheriting `npm_config_global` would install the extension folder globally instead.
// Set SYMDAP_SKIP_EXTENSION_INSTALL=1 to skip step 3. Everything it prints goes to stderr, so
// `npm pack --json` still prints only JSON. The packed package (`npm pack`) carries
// dist/ and no install scripts, so installing the tarball builds nothing.

'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const extension = path.join(root, 'extension');
const isGlobal = process.env.npm_config_global === 'true';
const command = process.env.npm_command;

// The settings of the outer `npm install -g --prefix P .` that would turn a nested, local npm
// into a global one or point it at another folder.
const OUTER_SETTINGS = [
  'global',
  'location',
  'prefix',
  'omit',
  'include',
  'production',
  'only',
  'install_links',
  'link',
];

function localNpmEnv() {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    const setting = name.toLowerCase().replace(/^npm_config_/, '');
    if (name.toLowerCase().startsWith('npm_config_') && OUTER_SETTINGS.includes(setting.replace(/-/g, '_')))
      delete env[name];
  }
  return env;
}

function npm(args, cwd) {
  const npmCli = process.env.npm_execpath;
  const [exe, argv] = npmCli ? [process.execPath, [npmCli, ...args]] : ['npm', args];
  const r = spawnSync(exe, argv, {
    cwd,
    env: localNpmEnv(),
    stdio: ['inherit', process.stderr, 'inherit'],
    shell: !npmCli && process.platform === 'win32',
  });
  if (r.status !== 0) {
    console.error(`symdap: \`npm ${args.join(' ')}\` failed in ${cwd}`);
    process.exit(r.status ?? 1);
  }
}

const buildToolsPresent = ['typescript', 'nearley', 'esbuild'].every((m) =>
  existsSync(path.join(root, 'node_modules', m, 'package.json')),
);
if (!buildToolsPresent) {
  console.error('symdap: installing the dependencies of this checkout (npm install in ' + root + ')');
  npm(['install', '--ignore-scripts', '--no-audit', '--no-fund'], root);
}
npm(['run', 'build'], root);

const localInstall = !isGlobal && (command === 'install' || command === 'ci');
if (
  localInstall &&
  existsSync(path.join(extension, 'package.json')) &&
  process.env.SYMDAP_SKIP_EXTENSION_INSTALL !== '1'
) {
  const sub = command === 'ci' && existsSync(path.join(extension, 'package-lock.json')) ? 'ci' : 'install';
  console.error(`symdap: installing the VS Code extension's dependencies (npm ${sub} in extension/)`);
  npm([sub, '--no-audit', '--no-fund'], extension);
}
