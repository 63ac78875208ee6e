// Concrete runs watched at the place a suggested fact would go (why/suggest.ts): at a loop's
// head (each time its test runs, where its invariant must hold) the int variables in scope,
// and at a callee's return its int parameters (their values on entry, as `ensures` reads
// them) and results. A loop-head state counts only where the loop's invariants as written
// hold, so each observation is a reachable state the strengthened invariant must admit.

import type { Call, Proc, While } from '../../lang/ast';
import type { CheckedProgram } from '../../lang/checked';
import type { Span } from '../../lang/span';
import { Machine } from '../concrete/interpreter';
import type { Activation, Frame } from '../concrete/frame';
import type { Inputs } from '../concrete/inputs';
import type { InputObjects } from '../concrete/objects';
import type { ConcreteValue } from '../concrete/values';
import type { RunInputs } from '../concrete/replay';

/** One state seen: int variables by name. */
export type Observation = ReadonlyMap<string, bigint>;

/** Where a fact would be added: a loop's invariants (variables `names` in scope) or a callee's ensures. */
export type Place =
  | { readonly kind: 'loop'; readonly proc: Proc; readonly loop: While; readonly names: ReadonlySet<string> }
  | { readonly kind: 'call'; readonly callee: Proc; readonly names: ReadonlySet<string> };

/** Short runs: a fact is judged on many small runs, not on a long one. */
const FUEL = 100_000;
const DEPTH = 200;

/** A run function for replayInputs that adds what it sees at `place` to `seen`. */
export function watching(place: Place, seen: Observation[]): RunInputs {
  return (checked, proc, inputs, objects) => new Watcher(checked, inputs, objects, place, seen).run(proc);
}

class Watcher extends Machine {
  constructor(
    checked: CheckedProgram,
    inputs: Inputs,
    objects: InputObjects | undefined,
    private readonly place: Place,
    private readonly seen: Observation[],
  ) {
    super(checked, inputs, FUEL, DEPTH, objects);
  }

  override tick(frame: Frame, span: Span): void {
    super.tick(frame, span);
    const p = this.place;
    if (p.kind === 'loop' && frame.proc === p.proc && span === p.loop.span) this.atLoopHead(frame, p.loop, p.names);
  }

  override invoke(call: Call, args: readonly ConcreteValue[], done: Activation['done']): void {
    const p = this.place;
    if (p.kind !== 'call' || call.callee !== p.callee.name) return super.invoke(call, args, done);
    const callee = p.callee;
    super.invoke(call, args, (results) => {
      const o = new Map<string, bigint>();
      callee.params.forEach((d, i) => put(o, p.names, d.name, args[i]));
      callee.returns.forEach((d, i) => put(o, p.names, d.name, results[i]));
      this.seen.push(o);
      done(results);
    });
  }

  private atLoopHead(frame: Frame, loop: While, names: ReadonlySet<string>): void {
    try {
      if (!loop.invariants.every((inv) => this.evaluator.bool(inv, frame))) return;
    } catch {
      return; // an invariant that cannot be evaluated here (a failure of its own) says nothing
    }
    const o = new Map<string, bigint>();
    for (const [d, v] of frame.locals) put(o, names, d.name, v);
    this.seen.push(o);
  }
}

function put(o: Map<string, bigint>, names: ReadonlySet<string>, name: string, v: ConcreteValue | undefined): void {
  if (names.has(name) && typeof v === 'bigint') o.set(name, v);
}
