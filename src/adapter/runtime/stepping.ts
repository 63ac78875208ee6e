// Moving one path: next / stepIn / stepOut forward (expanding the tree or replaying the
// path's own recorded future), branch choice, joins, and time travel backwards (stepBack,
// reverseContinue, goto, restartFrame). Each operation returns an Outcome; the session turns
// it into events (response first, then thread events, output and the stopped event).

import { printTerm } from '../../engine/terms/print';
import { topFrame } from '../../engine/state/state';
import type { TreeNode } from '../../engine/explore/tree';
import { childToward, endedWhy, isLive, type PathThread } from './paths';
import { checkArrival } from './stops';
import { summarizeEnd, summarizeFailure } from './describe';
import { heapChangeLine } from './heapChange';
import type { Debuggee } from './debuggee';
import type { ConcreteInputs } from '../../engine/concolic/assignment';
import { concreteChild, inputsFor, showInputs } from './concolic';
import { Yielder } from '../../engine/explore/yielder';

export type StopReason = 'step' | 'breakpoint' | 'exception' | 'entry' | 'pause' | 'goto' | 'restart';

export interface Stop {
  readonly threadId: number;
  readonly reason: StopReason;
  readonly description?: string;
  readonly text?: string;
  readonly hitBreakpointIds?: number[];
  /** Why a step did not move: said where the user looks (a notification), not only in the state. */
  readonly notice?: string;
}

export interface Outcome {
  /** Absent: the thread that moved has ended; the session stops elsewhere or terminates. */
  readonly stop?: Stop;
  readonly output: string[];
}

export type Side = 'then' | 'else';
type Advance =
  | { kind: 'moved'; note?: string }
  | { kind: 'ask' }
  | { kind: 'atEnd' }
  | { kind: 'ended'; why: string }
  | { kind: 'waiting' }
  | { kind: 'merged'; into?: PathThread };

const MAX_STEPS = 100_000;

export function isTwoSided(kids: readonly TreeNode[] | undefined): boolean {
  return !!kids && kids.some((k) => k.label.kind === 'then') && kids.some((k) => k.label.kind === 'else');
}

/** Could the tip's next step be a two-sided branch (an `if` or a loop test)? */
export function mayBranch(n: TreeNode): boolean {
  if (n.state.status !== 'running') return false;
  const head = topFrame(n.state)?.kont?.head;
  return (
    !!head &&
    (head.kind === 'loop' || (head.kind === 'stmt' && (head.stmt.kind === 'if' || head.stmt.kind === 'while')))
  );
}

export function stopAtNode(t: PathThread, reason: StopReason, description?: string, hitBreakpointIds?: number[]): Stop {
  const s = t.cursor.state;
  const failure = summarizeFailure(s, t.cursor);
  if (failure && reason !== 'goto' && reason !== 'restart' && reason !== 'step') {
    return { threadId: t.id, reason: 'exception', description: failure.headline, text: failure.oneLine };
  }
  if (reason === 'exception' && !isLive(t.cursor))
    return { threadId: t.id, reason, description: summarizeEnd(s), text: summarizeEnd(s) };
  return { threadId: t.id, reason, description, hitBreakpointIds };
}

export class Stepper {
  constructor(private readonly d: Debuggee) {}

  /** next (step over calls), in (one statement), out (until the current call returns). */
  async step(t: PathThread, kind: 'next' | 'in' | 'out' | 'run', prefer?: Side): Promise<Outcome> {
    const output: string[] = [];
    // Concolic: taking the side the inputs do not take switches to an input that takes it.
    if (prefer && t.inputs && t.cursor === t.tip) output.push(await this.switchInputs(t, prefer));
    const startDepth = t.cursor.state.frames.length;
    const yielder = new Yielder();
    for (let i = 0; i < MAX_STEPS; i++) {
      if (this.d.pause.requested) {
        this.d.pause.requested = false;
        return { stop: stopAtNode(t, 'pause'), output };
      }
      const before = t.cursor;
      const r = await this.advance(t, i === 0 ? prefer : undefined);
      if (r.kind === 'ask') return { stop: { threadId: t.id, reason: 'step', description: branchQuestion(t) }, output };
      if (r.kind === 'ended') return { output: [...output, `path #${t.id}: ${r.why}`] };
      if (r.kind === 'atEnd')
        return {
          stop: stopAtNode(t, 'exception'),
          output: [...output, `path #${t.id} has ended (${endedWhy(t.tip)}); it stays listed until the session ends`],
        };
      if (r.kind === 'waiting') {
        // The step did not move the path: the join waits for the other paths of the call.
        const text = this.waitingText(t);
        return {
          stop: { threadId: t.id, reason: 'step', description: text, notice: `path #${t.id} is ${text}` },
          output,
        };
      }
      if (r.kind === 'merged') return this.mergedOutcome(t, r.into, output);
      if (r.note) output.push(r.note);
      const node = t.cursor;
      const change = heapChangeLine(before.state, node.state);
      if (change) output.push(change);
      if (!isLive(node)) return { stop: stopAtNode(t, 'exception'), output };
      if (node.state.status === 'waiting') return this.arriveAtJoin(t, output);
      const arrival = await checkArrival(this.d, node, before);
      output.push(...arrival.logs);
      const depth = node.state.frames.length;
      // 'run' (continue on a concolic thread): to a breakpoint or the end of the path.
      const done = kind === 'in' || (kind === 'next' ? depth <= startDepth : kind === 'out' && depth < startDepth);
      if (done) return { stop: { threadId: t.id, reason: 'step', ...this.forkText(t, before, node) }, output };
      if (arrival.reason === 'breakpoint')
        return { stop: stopAtNode(t, 'breakpoint', undefined, arrival.hitBreakpointIds), output };
      await yielder.maybeYield();
    }
    return { stop: { threadId: t.id, reason: 'step', description: `stopped after ${MAX_STEPS} steps` }, output };
  }

  /** One node forward: replay the recorded path, or expand the tip and follow a child. */
  private async advance(t: PathThread, prefer?: Side): Promise<Advance> {
    const { paths } = this.d;
    if (t.cursor !== t.tip) {
      t.cursor = childToward(t.cursor, t.tip) ?? t.tip;
      return { kind: 'moved' };
    }
    const node = t.tip;
    // A kept end (a failure stopped at) stays listed until the session ends: stay on it.
    if (!isLive(node)) return { kind: 'atEnd' };
    if (node.state.status === 'waiting') return this.release(t);
    const kids = await paths.expandHeld(t);
    if (t.inputs && !prefer) return this.followInputs(t, node, kids, t.inputs);
    if (this.d.args.branching === 'ask' && !prefer && isTwoSided(kids) && !t.asked) {
      t.asked = true;
      return { kind: 'ask' };
    }
    t.asked = false;
    const followed = paths.release(t, { prefer, followFailure: true });
    if (!paths.get(t.id)) return { kind: 'ended', why: endedWhy(followed ?? node) };
    return { kind: 'moved' };
  }

  /** Concolic: follow the child the inputs take; where they take none (a violated assumption) go on symbolically. */
  private followInputs(t: PathThread, node: TreeNode, kids: readonly TreeNode[], inputs: ConcreteInputs): Advance {
    const child = concreteChild(node, kids, inputs);
    // A generational run whose input violates an assumption ended there (infeasible), as in the search.
    if (!child && t.title !== undefined) {
      const why = `its inputs violate an assumption here (${showInputs(inputs)}): infeasible`;
      t.held = undefined;
      this.d.paths.finish(t, why);
      return { kind: 'ended', why };
    }
    if (!child) t.inputs = undefined;
    const followed = this.d.paths.release(
      t,
      child ? { follow: child, alone: t.title !== undefined } : { followFailure: true },
    );
    if (!this.d.paths.get(t.id)) return { kind: 'ended', why: endedWhy(followed ?? node) };
    return child
      ? { kind: 'moved' }
      : {
          kind: 'moved',
          note: `concolic: the inputs violate an assumption here (${showInputs(inputs)}); path #${t.id} goes on symbolically`,
        };
  }

  /** Before following `side` on a concolic thread: keep the inputs if they take it, else solve for ones that do. */
  private async switchInputs(t: PathThread, side: Side): Promise<string> {
    const kids = await this.d.paths.expandHeld(t);
    const kid = kids.find((k) => k.label.kind === side);
    if (!kid || !t.inputs) return '';
    const r = await inputsFor(this.d, t, kid, t.inputs);
    const line = kid.label.kind === side ? kid.label.span.line : '?';
    if ('why' in r) {
      t.inputs = undefined;
      return `concolic: the ${side} side at line ${line}: ${r.why}; path #${t.id} goes on symbolically`;
    }
    if (r.same) return '';
    t.inputs = r.inputs;
    return `concolic: path #${t.id} now follows the inputs ${showInputs(r.inputs)} (they take the ${side} side at line ${line})`;
  }

  /** At a waiting node: release the join if every path of the activation has arrived. */
  private release(t: PathThread): Advance {
    const waitingNode = t.tip;
    this.d.run.tree.releaseJoins();
    if (!this.d.paths.get(t.id)) {
      const into = this.d.paths.all().find((o) => o.tip.mergedFrom?.includes(waitingNode));
      return { kind: 'merged', into };
    }
    return t.tip !== waitingNode ? { kind: 'moved' } : { kind: 'waiting' };
  }

  private arriveAtJoin(t: PathThread, output: string[]): Outcome {
    const r = this.release(t);
    if (r.kind === 'merged') return this.mergedOutcome(t, r.into, output);
    if (r.kind === 'waiting')
      return { stop: { threadId: t.id, reason: 'step', description: this.waitingText(t) }, output };
    const incoming = t.cursor.label.kind === 'join' ? t.cursor.label.incoming : 1;
    const dropped = t.cursor.state.note ? `; ${t.cursor.state.note}` : '';
    return {
      stop: {
        threadId: t.id,
        reason: 'step',
        description: `joined ${incoming} path(s) at line ${t.cursor.parent?.state.waitingAt?.span.line ?? '?'}${dropped}`,
      },
      output,
    };
  }

  private mergedOutcome(t: PathThread, into: PathThread | undefined, output: string[]): Outcome {
    const line = into?.tip.parent?.state.waitingAt?.span.line;
    const dropped = into?.tip.label.kind === 'join' && into.tip.state.note ? `; ${into.tip.state.note}` : '';
    const text = `path #${t.id} merged into #${into?.id ?? '?'} at the join on line ${line ?? '?'}${dropped}`;
    if (!into) return { output: [...output, text] };
    return { stop: { threadId: into.id, reason: 'step', description: text }, output };
  }

  private waitingText(t: PathThread): string {
    const s = t.tip.state;
    const activation = topFrame(s).activation;
    const others = this.d.run.tree
      .live()
      .filter((n) => n.state.status === 'running' && n.state.frames.some((f) => f.activation === activation)).length;
    return `waiting at join (line ${s.waitingAt?.span.line ?? '?'}): ${others} other path(s) of this call still running; step or continue them to release the join`;
  }

  /** A short description (clients show it as the thread's state) and the full story as text. */
  private forkText(t: PathThread, before: TreeNode, node: TreeNode): { description?: string; text?: string } {
    if (node.parent !== before || (node.label.kind !== 'then' && node.label.kind !== 'else')) return {};
    const others = (this.d.run.tree.childrenOf(before) ?? [])
      .filter((k) => k !== node)
      .map((k) => this.d.paths.owner(k))
      .filter((o): o is PathThread => o !== undefined && o !== t);
    const cond = printTerm(node.label.cond, { maxLength: 60 });
    const rest = others.length > 0 ? `; the other side continues as ${others.map((o) => `#${o.id}`).join(', ')}` : '';
    return {
      description: `${node.label.kind}: ${cond}`,
      text: `branch: following ${node.label.kind} (${cond})${rest}`,
    };
  }

  // ---------------------------------------------------------------- time travel

  /** One statement back at the same call depth (or shallower). */
  stepBack(t: PathThread): Outcome {
    const depth = t.cursor.state.frames.length;
    let n = t.cursor.parent;
    if (!n) return { stop: { threadId: t.id, reason: 'step', description: 'at the start of the path' }, output: [] };
    while (n.parent && n.state.frames.length > depth) n = n.parent;
    t.cursor = n;
    return { stop: { threadId: t.id, reason: 'step' }, output: [] };
  }

  /** Back to the previous breakpoint on the path, or its start. */
  async reverseContinue(t: PathThread): Promise<Outcome> {
    for (let n = t.cursor.parent; n; n = n.parent) {
      const a = await checkArrival(this.d, n, n.parent, { countHits: false });
      if (a.reason === 'breakpoint') {
        t.cursor = n;
        return { stop: { threadId: t.id, reason: 'breakpoint', hitBreakpointIds: a.hitBreakpointIds }, output: [] };
      }
      if (!n.parent) t.cursor = n;
    }
    return { stop: { threadId: t.id, reason: 'step', description: 'at the start of the path' }, output: [] };
  }

  /** Moves the cursor to a node of the thread's own path. */
  moveTo(t: PathThread, node: TreeNode, reason: 'goto' | 'restart'): Outcome {
    t.cursor = node;
    return { stop: { threadId: t.id, reason, description: `state #${node.id}` }, output: [] };
  }

  /** `then: c` / `else: !c` at a two-sided branch (ids 1 and 2), computing the branch if needed. */
  async stepInTargets(t: PathThread): Promise<{ id: number; label: string }[]> {
    if (t.cursor !== t.tip || !mayBranch(t.tip)) return [];
    const kids = await this.d.paths.expandHeld(t);
    if (!isTwoSided(kids)) return [];
    const out: { id: number; label: string }[] = [];
    for (const [i, side] of (['then', 'else'] as const).entries()) {
      const k = kids.find((c) => c.label.kind === side)!;
      const cond = k.label.kind === side ? printTerm(k.label.cond, { maxLength: 80 }) : '';
      out.push({ id: i + 1, label: `${side}: ${cond}${t.inputs ? await this.sideInputText(t, k, t.inputs) : ''}` });
    }
    return out;
  }

  /** `   (these inputs)`, or `   with x = 3, y = 0`: the input that takes the side, solved now. */
  private async sideInputText(t: PathThread, kid: TreeNode, inputs: ConcreteInputs): Promise<string> {
    const r = await inputsFor(this.d, t, kid, inputs);
    if ('why' in r) return `   (${r.why})`;
    return r.same ? '   (these inputs)' : `   with ${showInputs(r.inputs)}`;
  }
}

function branchQuestion(t: PathThread): string {
  const side = t.held?.find((k) => k.label.kind === 'then')?.label;
  const line = side && side.kind === 'then' ? side.span.line : undefined;
  return `branch${line ? ` at line ${line}` : ''}: choose then/else (stepInTargets)`;
}
