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
require('../dist/cli/main.js')
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
