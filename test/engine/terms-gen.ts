// Random well-sorted terms for property tests of the term layer, built with the raw
// (non-simplifying) constructor `mk`, plus random assignments of their symbols.

import { seededRandom } from '../../src/engine/explore/searchers';
import { TermStore } from '../../src/engine/terms/store';
import type { Op, Sort, Term } from '../../src/engine/terms/term';
import { arrayValue, type Value } from '../../src/engine/terms/values';
import { bvRange } from '../../src/lang/types';

/** The engine's seeded PRNG, so failures reproduce from the seed. */
export const rng = seededRandom;

export class TermGen {
  readonly symbols: Term[] = [];
  readonly numericSorts: Sort[];
  private readonly pool = new Map<string, Term[]>();

  constructor(
    readonly store: TermStore,
    readonly rand: () => number,
  ) {
    this.numericSorts = [
      store.intSort,
      store.bvSort(8, true),
      store.bvSort(8, false),
      store.bvSort(16, true),
      store.bvSort(32, false),
      store.bvSort(64, true),
    ];
  }

  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rand() * xs.length)];
  }

  number(sort: Sort): bigint {
    const r = sort.kind === 'bv' ? bvRange(sort) : { min: -1000n, max: 1000n };
    const edge = [0n, 1n, -1n, 2n, r.min, r.max, r.min + 1n, r.max - 1n, 7n, -7n];
    const n = this.rand() < 0.6 ? this.pick(edge) : BigInt(Math.floor(this.rand() * 2 ** 20)) - 2n ** 19n;
    return n;
  }

  /** One of a few symbols per sort, so terms share them. */
  symbol(sort: Sort): Term {
    const key = JSON.stringify(sort);
    const list = this.pool.get(key) ?? [];
    this.pool.set(key, list);
    if (list.length < 3 && (list.length === 0 || this.rand() < 0.3)) {
      const s = this.store.symbol(sort, `v${this.symbols.length}`, 'test input');
      list.push(s);
      this.symbols.push(s);
    }
    return this.pick(list);
  }

  constant(sort: Sort): Term {
    if (sort.kind === 'bool') return this.store.bool(this.rand() < 0.5);
    return this.store.mk('const', sort, [], { value: this.normalized(sort) });
  }

  private normalized(sort: Sort): bigint {
    const n = this.number(sort);
    return sort.kind === 'bv' ? (sort.signed ? BigInt.asIntN(sort.width, n) : BigInt.asUintN(sort.width, n)) : n;
  }

  term(sort: Sort, depth: number): Term {
    if (depth <= 0 || this.rand() < 0.15) {
      if (sort.kind === 'array')
        return this.rand() < 0.5 ? this.symbol(sort) : this.mk('constArray', sort, [this.term(sort.elem, 0)]);
      return this.rand() < 0.5 ? this.constant(sort) : this.symbol(sort);
    }
    const d = depth - 1;
    if (this.rand() < 0.08)
      return this.mk('ite', sort, [this.term(this.store.boolSort, d), this.term(sort, d), this.term(sort, d)]);
    if (sort.kind !== 'array' && this.rand() < 0.08) {
      return this.mk('select', sort, [this.term(this.store.arraySort(sort), d), this.index(d)]);
    }
    switch (sort.kind) {
      case 'bool':
        return this.boolTerm(d);
      case 'array':
        return this.mk('store', sort, [this.term(sort, d), this.index(d), this.term(sort.elem, d)]);
      default:
        return this.numericTerm(sort, d);
    }
  }

  private index(d: number): Term {
    return this.rand() < 0.7 ? this.store.int(BigInt(Math.floor(this.rand() * 4))) : this.term(this.store.intSort, d);
  }

  private mk(op: Op, sort: Sort, args: Term[]): Term {
    return this.store.mk(op, sort, args);
  }

  private boolTerm(d: number): Term {
    const b = this.store.boolSort;
    const op = this.pick<Op>(['not', 'and', 'or', 'implies', 'eq', 'lt', 'le', 'eq', 'lt', 'le']);
    switch (op) {
      case 'not':
        return this.mk(op, b, [this.term(b, d)]);
      case 'and':
      case 'or': {
        const n = 1 + Math.floor(this.rand() * 3);
        return this.mk(
          op,
          b,
          Array.from({ length: n }, () => this.term(b, d)),
        );
      }
      case 'implies':
        return this.mk(op, b, [this.term(b, d), this.term(b, d)]);
      case 'eq': {
        const s =
          this.rand() < 0.15
            ? this.pick([b, this.store.arraySort(this.store.bvSort(8, true))])
            : this.pick(this.numericSorts);
        return this.mk(op, b, [this.term(s, d), this.term(s, d)]);
      }
      default: {
        const s = this.pick(this.numericSorts);
        return this.mk(op, b, [this.term(s, d), this.term(s, d)]);
      }
    }
  }

  private numericTerm(sort: Sort, d: number): Term {
    const ops: Op[] = ['add', 'sub', 'mul', 'div', 'mod', 'neg', 'cast'];
    if (sort.kind === 'bv') ops.push('bvand', 'bvor', 'bvxor', 'bvnot', 'shl', 'shr', 'shl', 'shr');
    const op = this.pick(ops);
    switch (op) {
      case 'neg':
      case 'bvnot':
        return this.mk(op, sort, [this.term(sort, d)]);
      case 'cast': {
        const from = this.pick(this.numericSorts.filter((s) => JSON.stringify(s) !== JSON.stringify(sort)));
        return this.mk(op, sort, [this.term(from, d)]);
      }
      case 'shl':
      case 'shr': {
        const amount =
          this.rand() < 0.6 && sort.kind === 'bv'
            ? this.store.bvConst(BigInt(Math.floor(this.rand() * (sort.width + 3))), sort)
            : this.term(sort, d);
        return this.mk(op, sort, [this.term(sort, d), amount]);
      }
      default:
        return this.mk(op, sort, [this.term(sort, d), this.term(sort, d)]);
    }
  }

  value(sort: Sort): Value {
    switch (sort.kind) {
      case 'bool':
        return this.rand() < 0.5;
      case 'array': {
        const entries = new Map<bigint, Value>();
        for (let i = 0; i < 3; i++) if (this.rand() < 0.6) entries.set(BigInt(i), this.value(sort.elem));
        return arrayValue(this.value(sort.elem), entries);
      }
      default:
        return this.normalized(sort);
    }
  }

  assignment(): Map<number, Value> {
    return new Map(this.symbols.map((s) => [s.id, this.value(s.sort)]));
  }
}
