// Viper's error ids (`error.id:reason.id`, as in Silver's ExpectedOutput annotations) for symdap's
// failures on a `.vpr` file. The reason follows from the failure's kind; the error from the Viper
// construct where it happened (the innermost site of the lowering that contains the failure),
// with the failure's own wording where one construct has two errors (a loop invariant on entry or
// not preserved; a call's requires or a read in its arguments).

import { spanWithin, type Span } from '../span';
import type { Site, SiteKind } from './context';
import { seqIndexReason } from './lowerColl';

/** The part of a failure the mapping reads (engine FailureReport or FailureSite alike). */
export interface FailureLike {
  readonly kind: string;
  readonly span: Span;
  readonly message: string;
  readonly onNoPath?: boolean;
}

const REASONS: Readonly<Record<string, string>> = {
  assert: 'assertion.false',
  precondition: 'assertion.false',
  postcondition: 'assertion.false',
  invariant: 'assertion.false',
  fold: 'assertion.false',
  join: 'assertion.false',
  permission: 'insufficient.permission',
  'div-by-zero': 'division.by.zero',
  'null-deref': 'receiver.null',
  refute: 'refutation.true',
};

const ERRORS: Readonly<Record<SiteKind, string>> = {
  assert: 'assert.failed',
  assume: 'inhale.failed',
  inhale: 'inhale.failed',
  exhale: 'exhale.failed',
  call: 'call.failed',
  fold: 'fold.failed',
  unfold: 'unfold.failed',
  assign: 'assignment.failed',
  fieldAssign: 'assignment.failed',
  new: 'assignment.failed',
  varDecl: 'assignment.failed',
  if: 'if.failed',
  while: 'while.failed',
  invariant: 'invariant.not.preserved',
  requires: 'not.wellformed',
  ensures: 'postcondition.violated',
  fnPost: 'postcondition.violated',
  functionBody: 'function.not.wellformed',
  functionPre: 'not.wellformed',
  predicateBody: 'predicate.not.wellformed',
  application: 'application.precondition',
  refute: 'refute.failed',
  quasihavocall: 'quasihavocall.failed',
  package: 'package.failed',
  apply: 'apply.failed',
  wand: 'wand.not.wellformed',
};

export function viperErrorId(f: FailureLike, sites: readonly Site[]): string {
  return viperError(f, sites).id;
}

/** The Viper error id of a failure, and where Viper reports it when that is not the failure's own span. */
export function viperError(f: FailureLike, sites: readonly Site[]): { readonly id: string; readonly reportAt?: Span } {
  const reason =
    f.kind === 'out-of-bounds'
      ? seqIndexReason(f.message)
      : f.kind === 'permission' && /the permission amount .* may be negative/.test(f.message)
        ? 'negative.permission'
        : f.kind === 'permission' && /the permission amount .* may not be positive/.test(f.message)
          ? 'permission.not.positive'
          : f.kind === 'permission' && /quantified permission may not be injective/.test(f.message)
            ? 'qp.not.injective'
            : f.kind === 'permission' && /quasihavocall may not be injective/.test(f.message)
              ? 'quasihavocall.not.injective'
              : f.kind === 'permission' && WAND_INSTANCE.test(f.message)
                ? 'wand.not.found'
                : f.kind === 'assert' && /reads label \S+, which this path has not reached$/.test(f.message)
                  ? 'labelled.state.not.reached'
                  : (REASONS[f.kind] ?? 'assertion.false');
  const around = sitesAround(f, sites);
  const id = `${errorOf(f, around)}:${reason}`;
  const declared = around.find((s) => s.reportAt !== undefined);
  if (declared?.reportAt !== undefined && /^(function|predicate)\.not\.wellformed/.test(id))
    return { id, reportAt: declared.reportAt };
  const invariant = /^invariant\.not\./.test(id) ? invariantNamed(f, around, sites) : undefined;
  return invariant === undefined ? { id } : { id, reportAt: invariant };
}

/**
 * A loop's invariant whose permission is missing (on entry or at the end of the body) is reported
 * by the engine at the loop and names the clause's line; Viper reports it at the clause.
 */
function invariantNamed(f: FailureLike, around: readonly Site[], sites: readonly Site[]): Span | undefined {
  const line = /the invariant of the loop at line \d+ holds .*\(line (\d+)\)/.exec(f.message)?.[1];
  const loop = around.find((s) => s.kind === 'while');
  if (line === undefined || loop === undefined) return undefined;
  const clause = sites.find(
    (s) => s.kind === 'invariant' && s.span.line === Number(line) && spanWithin(s.span, loop.span),
  );
  return clause?.span;
}

/** The sites containing the failure, innermost first; of two with the same span, the later one
 *  (the lowering records a construct before the ones inside it: `ensures f(x)` before `f(x)`). */
function sitesAround(f: FailureLike, sites: readonly Site[]): Site[] {
  return sites
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => spanWithin(f.span, s.span))
    .sort((a, b) => size(a.s.span) - size(b.s.span) || b.i - a.i)
    .map(({ s }) => s);
}

/** A magic wand's instance in a failure's message (lowerWand.ts names them `wand@N`): not held. */
const WAND_INSTANCE = /\bwand@\d+\(/;

const CONTRACTS: ReadonlySet<SiteKind> = new Set(['requires', 'functionPre', 'ensures', 'fnPost']);

function errorOf(f: FailureLike, around: readonly Site[]): string {
  // `g requires acc(x.f) (line 3), which is not held`, also inside a contract's framing message.
  const calleeRequires = /(^|: )\S+ requires .*which is not held/.test(f.message);
  for (const site of around) {
    // A magic wand's own site holds only its well-formedness failures (lowerWand.ts).
    if (site.kind === 'wand' && !/is not self-framing/.test(f.message)) continue;
    // A contract that is not framed because a function it applies lacks its precondition's
    // permission: Viper checks the application (`requires get(x) == 2` without acc(x.value)).
    if (CONTRACTS.has(site.kind) && /is not self-framing: \S+ requires .*which is not held/.test(f.message))
      return 'application.precondition';
    // A read inside an application's arguments belongs to the enclosing construct.
    if (site.kind === 'application' && f.kind !== 'precondition' && !calleeRequires) continue;
    if (site.kind === 'call') return f.kind === 'precondition' || calleeRequires ? 'call.precondition' : 'call.failed';
    if (site.kind === 'while' && f.kind === 'permission' && /the invariant of the loop/.test(f.message)) {
      return /on entry/.test(f.message) ? 'invariant.not.established' : 'invariant.not.preserved';
    }
    // A read the invariant does not frame fails where the body starts from the invariant alone:
    // Viper checks the invariant's well-formedness there.
    if (site.kind === 'invariant' && f.kind === 'permission' && /is not held to read/.test(f.message))
      return 'not.wellformed';
    if (site.kind === 'invariant')
      return /on entry/.test(f.message) ? 'invariant.not.established' : 'invariant.not.preserved';
    if ((site.kind === 'ensures' || site.kind === 'fnPost') && f.onNoPath) return 'not.wellformed';
    return ERRORS[site.kind];
  }
  return f.kind === 'postcondition' ? 'postcondition.violated' : f.kind === 'assert' ? 'assert.failed' : 'internal';
}

function size(s: Span): number {
  return (s.endLine - s.line) * 10000 + (s.endCol - s.col);
}
