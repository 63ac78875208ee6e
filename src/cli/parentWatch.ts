// Notices that the process which started us (the editor) has gone: our parent pid changes
// when it exits (we are re-parented, usually to init, pid 1), and a stdin pipe it held
// reaches its end. Polling is the portable way: Node has no parent-death signal. A launcher
// that quits at once (`sh -c 'symdap dap --server=P &'`) may be gone before we look, so a
// parent that is init from the start counts as gone too (a service runs with --multi).

import * as fs from 'node:fs';

const POLL_MS = 500;
const INIT_PID = 1;
/** Taken when the CLI loads this module, as early as the `dap` command gets. */
const PARENT_AT_LOAD = process.ppid;

function stdinIsPipe(): boolean {
  try {
    const st = fs.fstatSync(0);
    return st.isFIFO() || st.isSocket();
  } catch {
    return false;
  }
}

/** Calls `onGone` once when the parent goes; returns a function that stops watching. */
export function watchParent(onGone: () => void): () => void {
  const parent = PARENT_AT_LOAD;
  let done = false;
  const gone = (): void => {
    if (done) return;
    done = true;
    stop();
    onGone();
  };
  const orphaned = (): boolean => process.ppid !== parent || process.ppid === INIT_PID;
  const timer = setInterval(() => {
    if (orphaned()) gone();
  }, POLL_MS);
  timer.unref();
  const pipe = stdinIsPipe();
  const onData = (): void => undefined; // what the editor writes there is not for us
  if (pipe) {
    process.stdin.on('data', onData);
    process.stdin.once('end', gone);
    process.stdin.once('error', gone);
  }
  function stop(): void {
    clearInterval(timer);
    if (!pipe) return;
    process.stdin.off('data', onData);
    process.stdin.off('end', gone);
    process.stdin.off('error', gone);
    process.stdin.pause();
    process.stdin.unref?.();
  }
  if (orphaned()) setImmediate(gone);
  return () => {
    done = true;
    stop();
  };
}
