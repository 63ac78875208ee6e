// The CPU time (user + system) of the calling thread, from Linux's /proc/thread-self/stat.
// Node 20 has no process.threadCpuUsage, and process.cpuUsage() adds every thread of the
// process (the other lanes, TurboFan's and the GC's helpers). The lanes decide with it how
// much work is left (a busy machine stretches wall time, not the work), and the trace shows it.

import { readFileSync } from 'node:fs';

/** user + system time of the calling thread in ms (clock ticks of 10 ms); undefined off Linux. */
export function threadCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat(5), in clock ticks of 10 ms; the tail starts at field 3.
    const ms = (Number(fields[11]) + Number(fields[12])) * 10;
    return Number.isFinite(ms) ? ms : undefined;
  } catch {
    return undefined;
  }
}
