// How a failure after `join φ;` is shown (CLI, --json, debugger): the counterexample keeps to
// the real inputs (replayable by `symdap run --inputs`); the values a join made up are named
// readably (`c.x after join line 9 = 0`) and only for a failure no concrete path reaches,
// beside the line that says so.

import type { AfterJoin, Failure } from '../state/state';
import type { Term } from '../terms/term';
import type { Model } from '../solver/solver';
import { counterexample, type Counterexample } from '../state/counterexample';

export interface ShownCounterexample {
  /** The inputs (without the join summaries). */
  readonly counterexample: Counterexample;
  /** A failure not known to be concrete: the summaries' values, by readable name. */
  readonly summaryValues?: Counterexample;
}

/** The counterexample of `failure` on a path with inputs `inputs`, under `model`. */
export function shownCounterexample(
  inputs: readonly Term[],
  model: Model | undefined,
  failure: Failure | undefined,
): ShownCounterexample {
  const aj = failure?.afterJoin;
  if (!aj) return { counterexample: counterexample(inputs, model) };
  const summaries = new Set(aj.names.map((n) => n.symbol.id));
  const cx = counterexample(
    inputs.filter((t) => !summaries.has(t.id)),
    model,
  );
  if (aj.status === 'concrete') return { counterexample: cx };
  return { counterexample: cx, summaryValues: summaryValues(aj, model) };
}

/** The summaries the model values (arrays with their lengths), keyed by `name after join line L`. */
function summaryValues(aj: AfterJoin, model: Model | undefined): Counterexample {
  const valued = aj.names.filter((n) => model?.has(n.symbol.id));
  const raw = counterexample(
    valued.map((n) => n.symbol),
    model,
  );
  const readable = new Map(valued.map((n) => [n.symbol.symbol!.display, n.name]));
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [readable.get(k) ?? k, v]));
}

function joinsText(lines: readonly number[]): string {
  return lines.length === 1 ? `join (line ${lines[0]})` : `joins (lines ${lines.join(', ')})`;
}

/** One line on what a failure after a join means, or undefined for a concrete one. */
export function afterJoinText(aj: AfterJoin | undefined): string | undefined {
  if (!aj || aj.status === 'concrete') return undefined;
  const phi = aj.lines.length === 1 ? 'φ' : 'their φ';
  if (aj.status === 'unknown') {
    return `possibly spurious: the solver could not decide whether a path that reaches ${joinsText(aj.lines)} fails here (${aj.reason ?? 'unknown'})`;
  }
  const what = aj.forgot ? `${phi} forgot ${aj.forgot}` : `${phi} forgot what those paths knew`;
  return `possibly spurious: no path that reaches ${joinsText(aj.lines)} fails here: ${what}; strengthen the join`;
}
