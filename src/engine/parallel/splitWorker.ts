// A split run's worker thread: it loads the program as soon as it starts, then takes subtree
// tasks from the counter it shares with the other lanes until none is left, posting each
// subtree's report as it ends. It never waits for the coordinator between tasks: that thread
// explores a lane of its own and reads messages only when its explorer yields.

import { parentPort, workerData } from 'node:worker_threads';
import type { SplitReply, SplitTasks, SplitWorkerData } from './protocol';
import { exploreTasks, loadSubtreeExplorer } from './subtree';
import { trace } from './trace';

function serve(): void {
  const port = parentPort!;
  const { program, next, lane } = workerData as SplitWorkerData;
  const reply = (m: SplitReply) => port.postMessage(m);
  trace('worker thread started', lane);
  const failed = (e: unknown) => reply({ kind: 'error', error: e instanceof Error ? e.message : String(e) });
  const loaded = loadSubtreeExplorer(program);
  loaded.then(() => {
    trace('program loaded', lane);
    reply({ kind: 'loaded' });
  }, failed);
  // Listening from the start: the tasks may come before the program is loaded.
  port.once('message', ({ tasks }: SplitTasks) => {
    loaded.then(
      ({ explorer }) =>
        exploreTasks(explorer, tasks, next, lane, (index, report) => reply({ kind: 'result', index, report })).then(
          () => reply({ kind: 'idle' }),
          failed,
        ),
      () => undefined, // a load failure is already reported
    );
  });
}

serve();
