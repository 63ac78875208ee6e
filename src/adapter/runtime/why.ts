// "Why" in the debugger (issues 25, 27): the engine's answers for a debug session. A failure
// a path stopped at gets its class (real / spec too weak / undecided, engine/why/classify.ts),
// the end of the session gets its warnings (vacuous / unreachable) and every failure's class,
// `:why` at a passing check gets its proof dependencies, and two paths get their diff. The
// runtime is the door to the engine: the session only turns these plain answers into DAP.
// Results are kept per debuggee (a failure site is classified once): classification explores
// the procedure again with callees inlined, so it is not repeated on every request.

import type { TreeNode } from '../../engine/explore/tree';
import { ReportBuilder, type FailureReport, type VerifyReport } from '../../engine/verify/report';
import { classifyFailures, type Classification } from '../../engine/why/classify';
import { vacuityWarnings } from '../../engine/why/warnings';
import { proofDependencies } from '../../engine/why/proofs';
import { diffPaths, type PathDiff } from '../../engine/why/diff';
import { resolveEntry } from '../../engine/verify/entry';
import { CoverageCollector, coverageReport } from '../../engine/explore/coverage';
import type { State } from '../../engine/state/state';
import type { Debuggee } from './debuggee';
import type { EndWhy, SessionProofs } from './whyCache';
import { isLive } from './paths';
import { isExcludedPath } from '../../engine/verify/synthVerdict';

/** Classes are computed for plain Sym runs only: a synth program's failed paths exclude functions. */
function classifiable(d: Debuggee): boolean {
  return d.checked.synths.size === 0;
}

function siteKey(f: { readonly kind: string; readonly line: number; readonly column: number }): string {
  return `${f.kind}:${f.line}:${f.column}`;
}

function stateKey(s: State): string | undefined {
  const f = s.failure;
  return f ? siteKey({ kind: f.kind, line: f.span.line, column: f.span.col }) : undefined;
}

/** The class of the failure a state ended in, if it was computed already. */
export function knownClass(d: Debuggee, state: State): Classification | undefined {
  const key = stateKey(state);
  return key ? d.why.classes.get(key) : undefined;
}

/** Classifies the failure a node ended in (once per failure site); undefined for other nodes. */
export async function classifyNode(d: Debuggee, node: TreeNode): Promise<Classification | undefined> {
  const key = stateKey(node.state);
  if (!key || node.state.status !== 'failed' || !classifiable(d)) return undefined;
  const known = d.why.classes.get(key);
  if (known) return known;
  const builder = new ReportBuilder();
  builder.addEnded(node);
  const report = builder.build(d.checked.file, d.run.tree.counts, d.solver.stats(), 0, 0);
  const [f] = (await classifyReport(d, report)).failures;
  if (!f) return undefined;
  const c = classificationOf(f);
  if (c) d.why.classes.set(key, c);
  return c;
}

/** A classified failure's class, as the session keeps it per failure site. */
function classificationOf(f: FailureReport): Classification | undefined {
  if (!f.class || !f.classNote) return undefined;
  return {
    class: f.class,
    classNote: f.classNote,
    ...(f.input ? { input: f.input } : {}),
    ...(f.abstraction ? { abstraction: f.abstraction } : {}),
    ...(f.suggestion ? { suggestion: f.suggestion } : {}),
  };
}

async function classifyReport(d: Debuggee, report: VerifyReport): Promise<VerifyReport> {
  const entry = resolveEntry(d.checked, d.args.entry).proc;
  if (!entry || report.failures.length === 0) return report;
  return classifyFailures(d.checked, d.solver, report, {
    mode: d.args.mode,
    entry,
    loopBound: d.args.loopBound,
    recursionBound: d.args.recursionBound,
  });
}

/**
 * The session's end: the run's failures (one per site, as `symdap verify` lists them), each with
 * its class, and, for a run that verified with every path ended, the vacuity and reachability
 * warnings read off the lines its paths covered.
 */
export async function endWhy(d: Debuggee): Promise<EndWhy> {
  if (d.why.end) return d.why.end;
  const report = { ...d.run.verifyReport(), coverage: coverageReport(d.checked, coveredByTree(d)) };
  const failures: FailureReport[] = [];
  // A synth program's failed paths are excluded, not failures, as `symdap verify` reports them
  // (verify/synthVerdict.ts); failures on no path (well-formedness) stay.
  const hasSynth = d.checked.synths.size > 0;
  for (const f of report.failures.filter((r) => r.trace.length === 0 || !isExcludedPath('failed', hasSynth))) {
    const known = d.why.classes.get(siteKey(f));
    failures.push(known || !classifiable(d) ? { ...f, ...known } : f);
  }
  const unknown = failures.filter((f) => !f.class && f.trace.length > 0);
  const classified =
    classifiable(d) && unknown.length > 0 ? (await classifyReport(d, { ...report, failures: unknown })).failures : [];
  const byKey = new Map(classified.map((f) => [siteKey(f), f]));
  const all = failures.map((f) => byKey.get(siteKey(f)) ?? f);
  for (const f of classified) {
    const c = classificationOf(f);
    if (c) d.why.classes.set(siteKey(f), c);
  }
  d.why.end = { failures: all, warnings: await endWarnings(d, report) };
  return d.why.end;
}

/**
 * A run that verified with every path ended: the vacuity and reachability warnings read off
 * its coverage, and the requires and assume conjuncts no proof uses (from the proof
 * dependencies, as `symdap verify --proofs` warns; computed once, kept for `:why`).
 */
async function endWarnings(d: Debuggee, report: VerifyReport): Promise<EndWhy['warnings']> {
  if (!classifiable(d)) return [];
  const entry = resolveEntry(d.checked, d.args.entry).proc;
  const vacuity = vacuityWarnings(d.checked, report, { mode: d.args.mode, entry });
  const complete = report.verdict === 'verified' && report.paths.bounded === 0 && report.paths.unknown === 0;
  const unused = complete ? (await sessionProofs(d)).unused : [];
  return [...vacuity, ...unused].sort((a, b) => a.line - b.line || a.column - b.column);
}

/** The lines the explored paths ran: every ended or live leaf's trace holds its ancestors' lines. */
function coveredByTree(d: Debuggee): CoverageCollector {
  const covered = new CoverageCollector();
  const tree = d.run.tree;
  const stack = [...tree.roots];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const kids = tree.childrenOf(n);
    if (!kids || kids.length === 0) covered.addTrace(n.state);
    else stack.push(...kids);
  }
  return covered;
}

/** Proof dependencies of the program's checks and the unused conjuncts, computed once per session on need. */
export function sessionProofs(d: Debuggee): Promise<SessionProofs> {
  d.why.proofs ??= (async () => {
    const entry = resolveEntry(d.checked, d.args.entry).proc;
    if (!entry || !classifiable(d)) return { proofs: [], unused: [] };
    return proofDependencies(d.checked, d.solver, {
      mode: d.args.mode,
      entry: entry.name,
      loopBound: d.args.loopBound,
      recursionBound: d.args.recursionBound,
    });
  })();
  return d.why.proofs;
}

/** `:why` at a check that holds: what it rests on (the checks at `line`, over the explored paths). */
export async function proofText(d: Debuggee, line: number | undefined): Promise<string | undefined> {
  if (line === undefined) return undefined;
  const here = (await sessionProofs(d)).proofs.filter((p) => p.line === line);
  if (here.length === 0) return undefined;
  return here
    .map((p) => {
      const deps =
        p.dependsOn.length === 0
          ? '  (nothing: it holds whatever the path)'
          : p.dependsOn.map((dep) => `  line ${dep.line}: ${dep.reason}`).join('\n');
      return `${p.check} (${p.kind}, line ${p.line}) holds on ${p.paths} path(s); it rests on:\n${deps}`;
    })
    .join('\n');
}

/** Two states side by side (engine/why/diff.ts). */
export function diffStates(a: State, b: State): PathDiff {
  return diffPaths(a, b);
}

/**
 * Before an outcome's events go out: the class of the failure a path stopped at, or, when no
 * path is live any more (the session ends), the end's classes and warnings. A problem here
 * leaves the failure unclassed (said in the text), never the session broken.
 */
export async function whyForOutcome(
  d: Debuggee,
  stop: { readonly threadId: number; readonly reason: string } | undefined,
): Promise<void> {
  try {
    const t = stop ? d.paths.get(stop.threadId) : undefined;
    if (stop?.reason === 'exception' && t) await classifyNode(d, t.cursor);
    else if (!stop && !d.paths.all().some((p) => isLive(p.tip))) await endWhy(d);
  } catch {
    // The failure stays without a class; the text says "class not computed".
  }
}
