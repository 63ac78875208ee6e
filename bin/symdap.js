#!/usr/bin/env node
// The `symdap` command: a thin launcher for the compiled CLI in dist/.
'use strict';
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
