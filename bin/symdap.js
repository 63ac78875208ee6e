#!/usr/bin/env node
// The `symdap` command: a thin launcher for the compiled CLI in dist/.
'use strict';
// V8 optimises a function (TurboFan, on a helper thread) once it has run a while: a run of a
// second or less paid more for compiling than optimised code won back (12 ifs: 210 functions
// optimised; --no-opt saved 35% of its CPU but cost 70% more on a 65,536-path run). About 9×
// V8's default budget (67,584) leaves the really hot functions optimised: −15% CPU on 12 ifs,
// the same on 16 ifs (docs/performance.md). Set before anything is compiled; worker threads
// share V8's flags.
require('node:v8').setFlagsFromString('--interrupt-budget=600000');
require(entry(process.argv[2]))
  .main(process.argv.slice(2))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`symdap: internal error: ${err && err.message ? err.message : String(err)}\n`);
      process.exitCode = 2;
    },
  );

/** For the commands that run the engine at once, the CLI as one file (scripts/build-cli.js:
 *  Node pays per module loaded, and `verify` loads ~190); for `check`, one file of the ~40
 *  modules it loads (dist/check.bundle.js, the other commands and Viper's front end left out,
 *  loaded if ever as modules: the whole bundle costs `check` more to parse than it saves). Each
 *  unless it is older than the compiled modules (a `tsc` without `npm run build`). Not for
 *  `--version`, nor the servers, which load the engine only with their first session and must
 *  listen first. */
function entry(command) {
  const fs = require('node:fs');
  const path = require('node:path');
  const modules = path.join(__dirname, '..', 'dist', 'cli', 'main.js');
  const name = command === 'verify' || command === 'run' ? 'cli' : command === 'check' ? 'check' : undefined;
  if (name === undefined) return modules;
  const bundle = path.join(__dirname, '..', 'dist', `${name}.bundle.js`);
  try {
    return fs.statSync(bundle).mtimeMs >= fs.statSync(modules).mtimeMs ? bundle : modules;
  } catch {
    return modules;
  }
}
