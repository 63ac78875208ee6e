// Which conjuncts a model the pipeline built is known to satisfy, so that the next query
// (whose hint is that model: the parent path's) need not evaluate them again. A path's k-th
// branch query used to evaluate all k conjuncts of its pc under the hint: O(k) evaluations per
// query, the largest single cost of 16 independent ifs. The pipeline records, with each model
// completed from a hint, the conjuncts it satisfies by construction (see `record`), in pc
// order; a later check walks that list with one pointer and evaluates only what it misses.
// Models are immutable once returned, so a record stays true. The records are the last
// SLOTS models, scanned newest first: in a depth-first search the hint is nearly always one
// of the last few models made, and a miss only means evaluating as before. (A WeakMap keyed
// by model cost more than it saved: a hashed insertion per query, and ephemerons for the GC.)

import type { Term } from '../terms/term';
import { evaluateUnder } from './modeleval';
import type { Model } from './solver';

const SLOTS = 128;

export class WitnessedConjuncts {
  private readonly models: (Model | undefined)[] = new Array<Model | undefined>(SLOTS).fill(undefined);
  private readonly proved: (readonly Term[] | undefined)[] = new Array<readonly Term[] | undefined>(SLOTS).fill(
    undefined,
  );
  private next = 0;

  /** Do all terms evaluate to true under the model? (Same answer as `satisfiesAll`.) A model
   *  may have two records (its pc's rest and its query's slice, see the pipeline): each is
   *  walked with its own pointer. */
  satisfiesAll(model: Model, terms: readonly Term[]): boolean {
    const [first, second] = this.find(model);
    let i = 0,
      j = 0;
    for (const t of terms) {
      // Usually the terms are the recorded ones, in the same order, plus a few new ones.
      if (first !== undefined && i < first.length && first[i] === t) {
        i++;
        continue;
      }
      if (second !== undefined && j < second.length && second[j] === t) {
        j++;
        continue;
      }
      if (evaluateUnder(model, t) !== true) return false;
    }
    return true;
  }

  /** `model` satisfies every one of `proved` (the caller's guarantee). The slice's own
   *  conjuncts are not recorded: the next query evaluates them (one or two terms), which costs
   *  less than filtering and copying a list here on every query. */
  record(model: Model, proved: readonly Term[]): void {
    this.models[this.next] = model;
    this.proved[this.next] = proved;
    this.next = (this.next + 1) % SLOTS;
  }

  /** The newest two records of the model. */
  private find(model: Model): [readonly Term[] | undefined, readonly Term[] | undefined] {
    let first: readonly Term[] | undefined;
    for (let k = 1; k <= SLOTS; k++) {
      const i = (this.next - k + SLOTS) % SLOTS;
      if (this.models[i] !== model) continue;
      if (first !== undefined) return [first, this.proved[i]];
      first = this.proved[i];
    }
    return [first, undefined];
  }
}
