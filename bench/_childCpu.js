// CPU time (user + system) of this process's finished children, for benches that spawn the CLI:
// a busy machine inflates it much less than wall time. Linux only (NaN elsewhere).
'use strict';
const fs = require('node:fs');

/** cutime + cstime from /proc/self/stat, in ms: take the difference around one spawnSync. */
function childCpuMs() {
  try {
    const f = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return ((Number(f[13]) + Number(f[14])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return NaN;
  }
}

module.exports = { childCpuMs };
