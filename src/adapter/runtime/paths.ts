// Threads are paths. Each DAP thread owns one path of the execution tree: its `tip` (the
// furthest node: on the frontier, or a terminal node kept for the user such as a failure)
// and its `cursor` (the state the user looks at: the tip or one of its ancestors, for time
// travel). The table follows the tree's expansions: whoever expands a thread's tip, the
// thread follows one child and every other child worth showing becomes a new thread.

import type { Conjunct } from '../../engine/state/pathCondition';
import { conjuncts } from '../../engine/state/pathCondition';
import { isTerminal } from '../../engine/state/state';
import { printTerm } from '../../engine/terms/print';
import type { ExecutionTree, TreeNode } from '../../engine/explore/tree';
import type { ConcreteInputs } from '../../engine/concolic/assignment';
import { isExcludedPath } from '../../engine/verify/synthVerdict';
import { excludedByFailure } from './synthView';
import { userNames } from './userNames';

export interface PathThread {
  readonly id: number;
  tip: TreeNode;
  cursor: TreeNode;
  /** Children of the tip computed but not yet given to threads (a branch waiting for a choice). */
  held?: readonly TreeNode[];
  /** Conjuncts added in the debug console with `:assume`. */
  assumptions: Conjunct[];
  /** The client has heard of this thread (an event or a threads response). */
  announced: boolean;
  /** Branching 'ask': the user was asked at the held branch; the next plain step follows `then`. */
  asked?: boolean;
  /** Concolic debugging: the concrete inputs whose path this thread follows (runtime/concolic.ts). */
  inputs?: ConcreteInputs;
  /** Generational search: the run this thread replays (runtime/generational.ts), its name. */
  title?: string;
}

export interface FollowPolicy {
  /** Follow exactly this child (the one concrete inputs take). */
  readonly follow?: TreeNode;
  /** At a two-sided branch, the side the thread follows. */
  readonly prefer?: 'then' | 'else';
  /** A stepping thread walks into a failure among the children (the run goes on elsewhere). */
  readonly followFailure?: boolean;
  /** The other children become no threads (a generational run: other runs cover them). */
  readonly alone?: boolean;
}

export interface EndedThread {
  readonly thread: PathThread;
  readonly node: TreeNode;
  readonly why: string;
}

export function isLive(n: TreeNode): boolean {
  return !isTerminal(n.state.status);
}

export class PathTable {
  private readonly threads = new Map<number, PathThread>();
  private readonly byTip = new Map<number, PathThread>();
  private nextId = 1;
  private holding: PathThread | undefined;
  private born: PathThread[] = [];
  private ended: EndedThread[] = [];

  /** `keep(n)`: a terminal node that stays as a stopped thread (e.g. a failure whose filter is on). */
  constructor(
    private readonly tree: ExecutionTree,
    private readonly keep: (n: TreeNode) => boolean,
  ) {
    tree.listen({ onExpanded: (n, kids) => this.onExpanded(n, kids) });
  }

  get size(): number {
    return this.threads.size;
  }

  get(id: unknown): PathThread | undefined {
    return typeof id === 'number' ? this.threads.get(id) : undefined;
  }

  all(): PathThread[] {
    return [...this.threads.values()];
  }

  owner(node: TreeNode): PathThread | undefined {
    return this.byTip.get(node.id);
  }

  addRoot(node: TreeNode): PathThread {
    return this.create(node);
  }

  /** Threads made and ended since the last call (for thread events). */
  drain(): { born: PathThread[]; ended: EndedThread[] } {
    const out = { born: this.born, ended: this.ended };
    this.born = [];
    this.ended = [];
    return out;
  }

  /** The tip's children, computed without moving anyone: the caller distributes them later. */
  async expandHeld(t: PathThread): Promise<readonly TreeNode[]> {
    if (t.held) return t.held;
    this.holding = t;
    try {
      const kids = await this.tree.expand(t.tip);
      t.held = kids;
      return kids;
    } finally {
      this.holding = undefined;
    }
  }

  /** Hands held children out: the thread follows one, the others worth showing become threads. */
  release(t: PathThread, policy: FollowPolicy = {}): TreeNode | undefined {
    const kids = t.held;
    if (!kids) return undefined;
    t.held = undefined;
    return this.distribute(t, kids, policy);
  }

  releaseAll(): void {
    for (const t of this.all()) this.release(t);
  }

  /** Ends a thread (its path ended, was merged, or the user continued a failed path). */
  finish(t: PathThread, why: string, node: TreeNode = t.tip): void {
    if (!this.threads.delete(t.id)) return;
    if (this.byTip.get(t.tip.id) === t) this.byTip.delete(t.tip.id);
    this.ended.push({ thread: t, node, why });
  }

  /** At most `max` threads for a `threads` response: stopped ones first, then by id. */
  listed(max: number): PathThread[] {
    const rank = (t: PathThread): number =>
      !isLive(t.tip) ? 0 : t.cursor !== t.tip || t.held ? 1 : t.tip.state.status === 'running' ? 2 : 3;
    const sorted = this.all().sort((a, b) => rank(a) - rank(b) || a.id - b.id);
    return sorted.slice(0, Math.max(1, max));
  }

  private create(node: TreeNode): PathThread {
    const t: PathThread = { id: this.nextId++, tip: node, cursor: node, assumptions: [], announced: false };
    this.threads.set(t.id, t);
    this.byTip.set(node.id, t);
    this.born.push(t);
    return t;
  }

  private onExpanded(n: TreeNode, kids: readonly TreeNode[]): void {
    const owner = this.byTip.get(n.id);
    if (owner && owner === this.holding) return;
    const merged = kids.length === 1 ? kids[0] : undefined;
    if (merged?.mergedFrom) {
      // The merged path continues in the thread of the first waiting path; the others end.
      if (merged.parent !== n) {
        if (owner) this.finish(owner, `merged at the join on line ${n.state.waitingAt?.span.line ?? '?'}`, n);
      } else if (owner) this.moveTip(owner, merged);
      else if (!this.byTip.has(merged.id)) this.create(merged);
      return;
    }
    if (owner) this.distribute(owner, kids, {});
    else for (const k of kids) if (isLive(k) || this.keep(k)) this.create(k);
  }

  /** Returns the child the thread follows. */
  private distribute(t: PathThread, kids: readonly TreeNode[], policy: FollowPolicy): TreeNode | undefined {
    const kept = kids.filter((k) => isLive(k) || this.keep(k));
    const follow = chooseFollow(kids, kept, policy);
    if (!follow) {
      this.finish(t, 'the path has no successor');
      return undefined;
    }
    if (kept.includes(follow)) this.moveTip(t, follow);
    else this.finish(t, endedWhy(follow), follow);
    if (!policy.alone) for (const k of kept) if (k !== follow) this.create(k);
    return follow;
  }

  private moveTip(t: PathThread, node: TreeNode): void {
    if (this.byTip.get(t.tip.id) === t) this.byTip.delete(t.tip.id);
    if (t.cursor === t.tip) t.cursor = node;
    t.tip = node;
    this.byTip.set(node.id, t);
  }
}

function chooseFollow(kids: readonly TreeNode[], kept: readonly TreeNode[], p: FollowPolicy): TreeNode | undefined {
  if (p.follow && kids.includes(p.follow)) return p.follow;
  if (p.followFailure) {
    const failure = kept.find((k) => k.state.status === 'failed');
    if (failure) return failure;
  }
  if (p.prefer) {
    const side = kids.find((k) => k.label.kind === p.prefer);
    if (side) return side;
  }
  return kids.find(isLive) ?? kept[0] ?? kids[0];
}

/** Why a path ended, in a few words. */
export function endedWhy(n: TreeNode): string {
  const s = n.state;
  switch (s.status) {
    case 'done':
      return 'the path ended';
    case 'failed':
      return `failed: ${s.failure?.message ?? ''}`;
    default:
      return s.note ? `${s.status}: ${s.note}` : s.status;
  }
}

/**
 * `#3 then@18: x > y + 10`, `#4 ✗ assert (line 16) else@12: c0 != 98`, `#5 waiting at join (line 14) …`.
 * A path is named after its newest decision (the last conjunct of its own path condition, with
 * the branch side and line), so the name tells sibling paths apart and does not change when the
 * user travels back along the path (it is read at the tip, not at the cursor). In modular mode
 * (`withProc`) the procedure the path checks comes first: `#2 abs | else@14: x >= 0`.
 */
export function threadName(t: PathThread, withProc = false, hasSynth = false): string {
  const n = t.tip;
  const s = n.state;
  const tag = isExcludedPath(s.status, hasSynth)
    ? `⊘ excluded (${excludedByFailure(s.failure)}) `
    : s.status === 'failed'
      ? `✗ ${s.failure?.kind ?? 'failure'} (line ${s.failure?.span.line ?? '?'}) `
      : s.status === 'waiting'
        ? `waiting at join (line ${s.waitingAt?.span.line ?? '?'}) `
        : s.status === 'running'
          ? ''
          : `${s.status} `;
  // Modular mode has one root per procedure: the name says which procedure the path checks.
  const proc = withProc && s.frames.length > 0 ? `${s.frames[0].proc.name} | ` : '';
  if (t.title !== undefined) return `#${t.id} ${tag}${t.title}`;
  return `#${t.id} ${proc}${tag}${newestDecision(n)}`;
}

/**
 * The facts `new C` adds (src/engine/rules/objects.ts: the object is not null, and differs
 * from every other object) hold on every path: they are no decision, so no thread is named
 * after one (issue 26, item 6).
 */
const ALLOCATION_FACT = /^new \S+ is (not null|a fresh object)$/;

export function isAllocationFact(c: Conjunct): boolean {
  return ALLOCATION_FACT.test(c.reason);
}

function newestDecision(n: TreeNode): string {
  const cs = conjuncts(n.state.pc).filter((c) => !isAllocationFact(c));
  const last = cs[cs.length - 1];
  if (!last) return 'true';
  const text = printTerm(last.term, { maxLength: 48, names: userNames({ state: n.state, frameIndex: 0 }) });
  if (!last.span) return text;
  const side = branchSideAt(n, last.span.line);
  return `${side}@${last.span.line}: ${text}`;
}

/** `then`/`else` when the nearest branch edge above `n` was taken at `line`, else ''. */
function branchSideAt(n: TreeNode, line: number): string {
  for (let m: TreeNode | undefined = n; m; m = m.parent) {
    const l = m.label;
    if (l.kind === 'then' || l.kind === 'else') return l.span.line === line ? l.kind : '';
  }
  return '';
}

/** The newest conjuncts of a node's path condition, as much as fits in `max` characters. */
export function shortPc(n: TreeNode, max: number): string {
  const cs = conjuncts(n.state.pc);
  if (cs.length === 0) return 'true';
  const parts: string[] = [];
  let used = 0;
  for (let i = cs.length - 1; i >= 0; i--) {
    const text = printTerm(cs[i].term, { maxLength: max });
    if (parts.length > 0 && used + text.length > max) break;
    parts.unshift(text);
    used += text.length + 4;
  }
  return (parts.length < cs.length ? '… && ' : '') + parts.join(' && ');
}

/** Is `node` on the path from the root to `tip` (the thread's own history)? */
export function onPath(node: TreeNode, tip: TreeNode): boolean {
  let n: TreeNode | undefined = tip;
  while (n && n.depth > node.depth) n = n.parent;
  return n === node;
}

/** The child of `node` on the way to `tip` (node must be a proper ancestor of tip). */
export function childToward(node: TreeNode, tip: TreeNode): TreeNode | undefined {
  let n: TreeNode | undefined = tip;
  while (n && n.parent !== node) n = n.parent;
  return n;
}
