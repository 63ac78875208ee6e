// Line breakpoints (verified on executable lines, else moved to the next one or rejected),
// their conditions, hit counts and logpoints, and the exception filters. A breakpoint hits
// when a path arrives at a statement on its line; a condition holds when it is satisfiable
// together with the path condition (some input drives the path there with it true).

import * as nodePath from 'node:path';
import type { Program } from '../../lang/ast';
import { executableLines } from '../../lang/lines';
import { nextSpan } from '../../engine/state/state';
import type { TreeNode } from '../../engine/explore/tree';
import { filterOfKind } from './describe';

/** A breakpoint as a client asks for it (DAP's SourceBreakpoint, read as plain data). */
export interface RequestedBreakpoint {
  readonly line: number;
  readonly condition?: string;
  readonly hitCondition?: string;
  readonly logMessage?: string;
}

/** An exception filter the debugger offers (DAP's ExceptionBreakpointsFilter has this shape). */
export interface ExceptionFilter {
  readonly filter: string;
  readonly label: string;
  readonly default?: boolean;
  readonly description?: string;
}

export const EXCEPTION_FILTERS: readonly ExceptionFilter[] = [
  { filter: 'assert', label: 'Assertion can fail', default: true, description: 'Stop where an assert can fail.' },
  {
    filter: 'runtime',
    label: 'Runtime error',
    default: true,
    description: 'Division by zero, index out of bounds, integer too large.',
  },
  {
    filter: 'contract',
    label: 'Contract failure',
    default: true,
    description: 'Precondition, postcondition, join or invariant can fail.',
  },
  {
    filter: 'permission',
    label: 'Insufficient permission',
    default: true,
    description: 'A field access, call or fold without the heap permission it needs (acc, predicates).',
  },
  {
    filter: 'infeasible',
    label: 'Infeasible path',
    default: false,
    description: 'Stop where a path becomes infeasible (assume).',
  },
  {
    filter: 'bounded',
    label: 'Bound reached',
    default: false,
    description: 'Stop where a path hits the loop or recursion bound.',
  },
  {
    filter: 'excluded',
    label: 'Path excluded by synthesis',
    default: false,
    description:
      'With synth functions: stop where a check fails, which only rules out the functions that take that path.',
  },
];

export type FilterName = 'assert' | 'runtime' | 'contract' | 'permission' | 'infeasible' | 'bounded' | 'excluded';

export class ExceptionFilters {
  private enabled = new Set<string>(EXCEPTION_FILTERS.filter((f) => f.default).map((f) => f.filter));

  set(filters: readonly string[]): string[] {
    const known = new Set(EXCEPTION_FILTERS.map((f) => f.filter));
    this.enabled = new Set(filters.filter((f) => known.has(f)));
    return filters.filter((f) => !known.has(f));
  }

  has(f: FilterName): boolean {
    return this.enabled.has(f);
  }

  /** Does a terminal node stop a run (and stay as a thread)? */
  /** `hasSynth`: in a program with synth functions a failed path is excluded, not a failure
   *  (it only rules out the functions that take it), and stops only under `excluded`. */
  stopsOn(n: TreeNode, hasSynth: boolean): boolean {
    const s = n.state;
    if (s.status === 'failed' && hasSynth) return this.enabled.has('excluded');
    if (s.status === 'failed') return s.failure !== undefined && this.enabled.has(filterOfKind(s.failure.kind));
    if (s.status === 'infeasible') return this.enabled.has('infeasible');
    if (s.status === 'bounded') return this.enabled.has('bounded');
    return false;
  }
}

export interface LineBreakpoint {
  readonly id: number;
  readonly requestedLine: number;
  readonly line?: number;
  readonly message?: string;
  readonly condition?: string;
  readonly hitCondition?: { readonly op: string; readonly n: number };
  readonly logMessage?: string;
  hits: number;
}

/** `5`, `>= 5`, `== 5`, `% 3`: how many hits pass before the breakpoint stops. */
export function parseHitCondition(text: string | undefined): { op: string; n: number } | undefined | 'invalid' {
  if (text === undefined || text.trim() === '') return undefined;
  const m = /^\s*(==|>=|<=|>|<|%)?\s*(\d+)\s*$/.exec(text);
  return m ? { op: m[1] ?? '>=', n: Number(m[2]) } : 'invalid';
}

export function hitConditionHolds(h: { op: string; n: number } | undefined, hits: number): boolean {
  if (!h) return true;
  switch (h.op) {
    case '==':
      return hits === h.n;
    case '>':
      return hits > h.n;
    case '<':
      return hits < h.n;
    case '<=':
      return hits <= h.n;
    case '%':
      return h.n > 0 && hits % h.n === 0;
    default:
      return hits >= h.n;
  }
}

export class BreakpointTable {
  private nextId = 1;
  private readonly bySource = new Map<string, LineBreakpoint[]>();
  private byLine = new Map<number, LineBreakpoint[]>();
  private programFile: string | undefined;
  private lines: readonly number[] = [];

  /** Called once the program is loaded; re-verifies what was set before. Returns the changed breakpoints. */
  setProgram(file: string, program: Program): LineBreakpoint[] {
    this.programFile = nodePath.resolve(file);
    this.lines = executableLines(program);
    const out: LineBreakpoint[] = [];
    for (const [source, bps] of this.bySource) {
      const again = bps.map((b) => this.make(source, b, b.id));
      this.bySource.set(source, again);
      out.push(...again);
    }
    this.index();
    return out;
  }

  get loaded(): boolean {
    return this.programFile !== undefined;
  }

  set(sourcePath: string, requested: readonly RequestedBreakpoint[]): LineBreakpoint[] {
    const source = nodePath.resolve(sourcePath);
    const bps = requested.map((r) => this.make(source, r));
    this.bySource.set(source, bps);
    this.index();
    return bps;
  }

  at(line: number): readonly LineBreakpoint[] {
    return this.byLine.get(line) ?? [];
  }

  /** Is `child` a fresh arrival at a line with breakpoints (not the next statement on the same line)? */
  arrivesAt(child: TreeNode, parent: TreeNode | undefined): readonly LineBreakpoint[] {
    const line = nextSpan(child.state)?.line;
    if (line === undefined || (child.state.status !== 'running' && child.state.status !== 'waiting')) return [];
    const bps = this.byLine.get(line);
    if (!bps) return [];
    if (parent && nextSpan(parent.state)?.line === line && parent.state.frames.length === child.state.frames.length)
      return [];
    return bps;
  }

  private make(source: string, r: RequestedBreakpoint | LineBreakpoint, id = this.nextId++): LineBreakpoint {
    const requestedLine = 'requestedLine' in r ? r.requestedLine : Number(r.line);
    const condition = nonEmpty(r.condition);
    const logMessage = nonEmpty(r.logMessage);
    const rawHit =
      'requestedLine' in r ? r.hitCondition : parseHitCondition(nonEmpty((r as RequestedBreakpoint).hitCondition));
    const hitCondition = rawHit === 'invalid' ? undefined : rawHit;
    const base = { id, requestedLine, condition, logMessage, hitCondition, hits: 0 };
    if (!Number.isInteger(requestedLine) || requestedLine < 1) return { ...base, message: 'invalid line number' };
    if (this.programFile === undefined) return { ...base, message: 'pending: verified when the program is launched' };
    if (source !== this.programFile) return { ...base, message: 'not the program being debugged' };
    const line = firstAtOrAfter(this.lines, requestedLine);
    if (line === undefined) return { ...base, message: `no executable statement at or after line ${requestedLine}` };
    const moved =
      line !== requestedLine ? `moved from line ${requestedLine} to the next executable line ${line}` : undefined;
    const badHit =
      rawHit === 'invalid'
        ? `hit condition '${(r as RequestedBreakpoint).hitCondition}' ignored (use N, ==N, >=N, >N, <N, <=N or %N)`
        : undefined;
    const message = [moved, badHit].filter((m) => m).join('; ') || undefined;
    return { ...base, line, message };
  }

  private index(): void {
    this.byLine = new Map();
    if (this.programFile === undefined) return;
    for (const b of this.bySource.get(this.programFile) ?? []) {
      if (b.line === undefined) continue;
      const list = this.byLine.get(b.line) ?? [];
      list.push(b);
      this.byLine.set(b.line, list);
    }
  }
}

/** The first of the sorted `lines` that is >= `n` (binary search: a request may carry 10,000 lines). */
function firstAtOrAfter(lines: readonly number[], n: number): number | undefined {
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid] < n) lo = mid + 1;
    else hi = mid;
  }
  return lines[lo];
}

function nonEmpty(s: unknown): string | undefined {
  return typeof s === 'string' && s.trim() !== '' ? s : undefined;
}
