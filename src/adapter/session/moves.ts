// Moving paths: `continue`, the steps, `goto`, `restartFrame`, `pause`, step-in targets and a
// launch's first run. Moves run one at a time, in the order they were asked; each answers its
// request first, then its outcome (thread, output and stopped events) goes to the session.

import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Debuggee } from '../runtime/debuggee';
import { Stepper, type Outcome } from '../runtime/stepping';
import { Runner } from '../runtime/running';
import { continueRuns } from '../runtime/generational';
import type { PathThread } from '../runtime/paths';
import type { LaunchArgs } from '../launchSchema';
import { whyForOutcome } from '../runtime/why';
import { jumpArgs, requireThread } from './customRequests';
import { EARLIER_LABEL, restartTarget, type FrameRef } from './frames';
import type { Args } from './inspection';
import { UserError } from './userError';

/** What the moves need of the session. */
export interface MoveHost {
  debuggee(): Debuggee;
  /** The launched program, if any (moves after a shutdown find none). */
  current(): Debuggee | undefined;
  disposed(): boolean;
  frame(id: unknown): FrameRef;
  sendResponse(response: DebugProtocol.Response): void;
  /** Sends an outcome's events (`quiet`: no stopped event for a run that found nothing). */
  finish(outcome: Outcome, quiet: boolean): void;
  output(text: string, category: 'console' | 'stderr'): void;
}

export type MoveOp = (s: Stepper, t: PathThread) => Promise<Outcome>;

export class PathMoves {
  /** Moves of paths, one after the other. */
  private moves: Promise<void> = Promise.resolve();
  private stepper: Stepper | undefined;
  private runner: Runner | undefined;
  private busy = false;

  constructor(private readonly host: MoveHost) {}

  /** A move is running (the tree page and `pause` ask). */
  get running(): boolean {
    return this.busy;
  }

  /** After the moves asked so far (the session frees the solver then). */
  settled(): Promise<void> {
    return this.moves;
  }

  /** The launched program: moves may be asked from now on. */
  start(d: Debuggee): void {
    this.stepper = new Stepper(d);
    this.runner = new Runner(d);
  }

  /** The launched program's first moves: a stop on entry, the generational runs, or a run of every root. */
  firstMoves(d: Debuggee, args: LaunchArgs, roots: readonly PathThread[]): void {
    const stepper = this.stepper!;
    const runner = this.runner!;
    if (args.stopOnEntry) {
      this.host.finish({ stop: { threadId: roots[0].id, reason: 'entry' }, output: [] }, false);
    } else if (args.searcher === 'generational') {
      void this.enqueue(() => continueRuns(d, stepper, undefined), false);
    } else {
      for (const r of roots) runner.consider(r.tip);
      void this.enqueue(() => runner.continueAll(undefined, false), true);
    }
  }

  async continueRun(response: DebugProtocol.Response, args: Args): Promise<void> {
    const d = this.host.debuggee();
    const single = args.singleThread === true;
    const t = args.threadId === undefined ? undefined : requireThread(d, args.threadId);
    // Generational: the run threads in order along their concrete paths (runtime/generational.ts).
    if (d.args.searcher === 'generational') {
      response.body = { allThreadsContinued: true };
      this.host.sendResponse(response);
      return this.enqueue(() => continueRuns(d, this.stepper!, t), false);
    }
    // A concolic thread continues along its concrete path (to a breakpoint or its end), not the whole tree.
    if (t?.inputs) {
      response.body = { allThreadsContinued: false };
      return this.move(response, args, (s, th) => s.step(th, 'run'));
    }
    response.body = { allThreadsContinued: !single };
    this.host.sendResponse(response);
    await this.enqueue(() => this.runner!.continueAll(t, single), true);
  }

  async move(response: DebugProtocol.Response, args: Args, op: MoveOp): Promise<void> {
    const d = this.host.debuggee();
    const t = requireThread(d, args.threadId);
    this.host.sendResponse(response);
    await this.enqueue(
      () => (d.paths.get(t.id) ? op(this.stepper!, t) : Promise.resolve({ output: [`path #${t.id} has ended`] })),
      false,
    );
  }

  async stepInTargets(response: DebugProtocol.Response, args: Args): Promise<void> {
    const t = requireThread(this.host.debuggee(), this.host.frame(args.frameId).threadId);
    let targets: { id: number; label: string }[] = [];
    await this.enqueueRaw(async () => {
      targets = await this.stepper!.stepInTargets(t);
    });
    response.body = { targets };
    this.host.sendResponse(response);
  }

  async goto(response: DebugProtocol.Response, args: Args): Promise<void> {
    const d = this.host.debuggee();
    const { thread, node } = jumpArgs(d, { threadId: args.threadId, nodeId: args.targetId });
    return this.move(response, { threadId: thread.id }, (s, t) => Promise.resolve(s.moveTo(t, node, 'goto')));
  }

  async restartFrame(response: DebugProtocol.Response, args: Args): Promise<void> {
    const ref = this.host.frame(args.frameId);
    const t = requireThread(this.host.debuggee(), ref.threadId);
    if (ref.label)
      throw new UserError(
        `'${EARLIER_LABEL}' only separates the call stack from the earlier states: restart one of the states below it`,
      );
    const target = restartTarget(t, ref);
    if (!target) throw new UserError('this frame is not on the path of its thread any more');
    return this.move(response, { threadId: t.id }, (s, th) => Promise.resolve(s.moveTo(th, target, 'restart')));
  }

  pause(response: DebugProtocol.Response): void {
    const d = this.host.debuggee();
    if (this.busy) {
      d.pause.requested = true;
      d.control.paused = true;
    }
    this.host.sendResponse(response);
  }

  private enqueueRaw(op: () => Promise<void>): Promise<void> {
    const next = this.moves.then(op, op);
    this.moves = next.catch(() => undefined);
    return next;
  }

  private enqueue(op: () => Promise<Outcome>, quiet: boolean): Promise<void> {
    return this.enqueueRaw(async () => {
      if (this.host.disposed()) return;
      this.busy = true;
      try {
        const outcome = await op();
        const d = this.host.current();
        if (d) await whyForOutcome(d, outcome.stop);
        this.host.finish(outcome, quiet);
      } catch (e) {
        this.host.output(`internal error: ${e instanceof Error ? e.message : String(e)}`, 'stderr');
        this.host.finish({ output: [] }, quiet);
      } finally {
        this.busy = false;
      }
    });
  }
}
