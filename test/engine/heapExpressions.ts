// Pure expressions of the generated heap programs (heapProgramGenerator.ts): int and bool
// expressions over the visible variables and the fields, functions, `unfolding` reads, array
// elements (heapItems.ts) and reference comparisons that the scope's permission model allows.

import type { Rng } from '../support/programGen';
import type { ObjectTags, Tag } from './heapPermissions';
import type { Pred } from './heapTemplates';
import { ITEMS, itemsRead } from './heapItems';

export type Kind = 'int' | 'bool' | 'ref';
export interface Var {
  readonly name: string;
  readonly kind: Kind;
  readonly tag?: Tag;
  readonly mutable: boolean;
}

/** What the expressions may read: the visible variables and what the permission model holds. */
export interface ExprScope {
  readonly rng: Rng;
  readonly preds: readonly Pred[];
  readonly tags: ObjectTags;
  visible(): Var[];
  refs(): Var[];
  withField(f: string): Var[];
  withPred(p: string): Var[];
}

export class HeapExprs {
  constructor(private readonly s: ExprScope) {}

  pure(kind: Kind, depth: number): string {
    return kind === 'bool' ? this.bool(depth) : this.int(depth);
  }

  int(depth: number): string {
    const r = this.s.rng.float();
    if (depth > 0 && r < 0.3)
      return `(${this.int(depth - 1)} ${this.s.rng.pick(['+', '-', '*'])} ${this.int(depth - 1)})`;
    const leaves: (() => string | undefined)[] = [
      () => String(this.s.rng.int(-4, 4)),
      () => this.pickName(this.s.visible().filter((v) => v.kind === 'int')),
      () => this.pickName(this.s.withField('val'), '.val'),
      () =>
        this.pickName(
          this.s.withField('val').filter(() => this.s.rng.chance(0.5)),
          '',
          'get',
        ),
      () => this.predRead(),
      () => this.nextRead('val'),
      () =>
        depth > 0
          ? this.pickName(this.s.withField(ITEMS), '', undefined, (o) => itemsRead(this.s.rng, o, () => this.int(0)))
          : undefined,
    ];
    return this.s.rng.pick(leaves)() ?? String(this.s.rng.int(-4, 4));
  }

  private bool(depth: number): string {
    const r = this.s.rng.float();
    if (depth > 0 && r < 0.2)
      return `(${this.bool(depth - 1)} ${this.s.rng.pick(['&&', '||', '==>'])} ${this.bool(depth - 1)})`;
    if (depth > 0 && r < 0.25) return `!(${this.bool(depth - 1)})`;
    const leaves: (() => string | undefined)[] = [
      () =>
        `${this.int(depth - 1 < 0 ? 0 : depth - 1)} ${this.s.rng.pick(['<', '<=', '==', '!=', '>'])} ${this.int(0)}`,
      () => `${this.int(0)} ${this.s.rng.pick(['<', '>='])} ${this.int(0)}`,
      () => this.pickName(this.s.visible().filter((v) => v.kind === 'bool')),
      () => this.pickName(this.s.withField('flag'), '.flag'),
      () => this.refCompare(),
    ];
    return this.s.rng.pick(leaves)() ?? (this.s.rng.chance(0.5) ? 'true' : 'false');
  }

  private pickName(
    vs: readonly Var[],
    suffix = '',
    fn?: string,
    around?: (name: string) => string,
  ): string | undefined {
    if (vs.length === 0) return undefined;
    const v = this.s.rng.pick(vs);
    if (around) return around(v.name);
    return fn ? `${fn}(${v.name})` : `${v.name}${suffix}`;
  }

  /** `posVal(v)` or `(unfolding pos(v) in v.val)` for an object whose instance is held. */
  private predRead(): string | undefined {
    const held = this.s.preds
      .filter((p) => p.fields.includes('val'))
      .flatMap((p) => this.s.withPred(p.name).map((v) => [v, p] as const));
    if (held.length === 0) return undefined;
    const [v, p] = this.s.rng.pick(held);
    return this.s.rng.chance(0.5) ? `${p.name}Val(${v.name})` : `(unfolding ${p.name}(${v.name}) in ${v.name}.val)`;
  }

  /** `v.next.val` when both the link and the target's field are held. */
  private nextRead(field: string): string | undefined {
    const vs = this.s.withField('next').filter((v) => this.s.tags.has(this.s.tags.next(v.tag!), field));
    return this.pickName(vs, `.next.${field}`);
  }

  private refCompare(): string | undefined {
    const refs = this.s.refs();
    if (refs.length === 0) return undefined;
    const a = this.s.rng.pick(refs);
    const other = this.s.rng.chance(0.4) ? 'null' : this.s.rng.pick(refs).name;
    return `${a.name} ${this.s.rng.pick(['==', '!='])} ${other}`;
  }
}
