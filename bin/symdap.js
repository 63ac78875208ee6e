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
if (lanesAsked(process.argv.slice(2))) relaunch(process.argv.slice(2));
else
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

/** `verify --jobs N` (N ≥ 2) asked for explicitly: lanes are wanted, so V8's garbage collector
 *  should run on each lane's own thread. Its helper threads otherwise take the cores the lanes
 *  need (20 ifs on 2 cores: 1.52× over one job; with `--single-threaded-gc` 1.65×,
 *  docs/performance.md). V8 takes that flag only at start (set later it aborts the process), and
 *  it slows a one-lane run ~10% (its collector no longer uses an idle core), so it is chosen
 *  only on an explicit `--jobs` of 2 or more, by starting the CLI again with it (~50 ms). */
function lanesAsked(args) {
  if (args[0] !== 'verify' || process.execArgv.includes('--single-threaded-gc')) return false;
  for (let i = 1; i < args.length; i++) {
    const m = /^--jobs(?:=(.*))?$/.exec(args[i]);
    if (m) return /^\d+$/.test(m[1] ?? args[i + 1] ?? '') && Number(m[1] ?? args[i + 1]) >= 2;
  }
  return false;
}

/** The CLI again, in a child process started with `--single-threaded-gc`: its output is ours, a
 *  signal sent to us goes to it, and its exit (code or signal) is ours. */
function relaunch(args) {
  const child = require('node:child_process').spawn(
    process.execPath,
    [...process.execArgv, '--single-threaded-gc', __filename, ...args],
    { stdio: 'inherit' },
  );
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const s of signals) process.on(s, () => child.kill(s));
  child.on('error', (err) => {
    process.stderr.write(`symdap: cannot start ${process.execPath}: ${err.message}\n`);
    process.exitCode = 2;
  });
  child.on('exit', (code, signal) => {
    if (signal === null) process.exitCode = code;
    else {
      for (const s of signals) process.removeAllListeners(s);
      process.kill(process.pid, signal);
    }
  });
}

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
