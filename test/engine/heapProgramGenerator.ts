// Random heap programs for the symbolic/concrete property test (heap-property.test.ts): one
// class with int, bool and reference fields, non-recursive predicates and functions, helper
// procedures whose requires/ensures carry `acc` and predicate instances (with `old`), and a
// `main` over reference and scalar parameters that allocates, aliases, reads and writes
// fields, folds and unfolds, uses `unfolding`, compares references with each other and null,
// asserts over fields, writes a call's result to a field (`o.val := h(…)`) or an element of an
// array field (`o.items[i] := h(…)`, heapItems.ts), holds conditional permissions
// (`b0 ==> acc(p.flag)`, used under b0) and (optionally) joins after every if. Only what the symbolic engine
// supports today (src/engine/rules/heap/heapGuard.ts); no loops, no recursion, no untouched.
// A static permission model keeps most accesses permitted, so most paths run to their end;
// a few accesses are deliberately unpermitted (through aliases or unknown objects) to reach
// permission failures. Expressions are built in heapExpressions.ts. Everything is determined by the seed.

import { Rng } from '../support/programGen';
import { ObjectTags, type Tag } from './heapPermissions';
import { CLASS, FIELDS, functionsFor, PRED_TEMPLATES, type Fn, type Pred } from './heapTemplates';
import { ITEMS, itemsIndex, itemsLiteral } from './heapItems';
import { HeapExprs, type Kind, type Var } from './heapExpressions';

export { CLASS, FIELDS };

export interface HeapParam {
  readonly name: string;
  readonly kind: 'int' | 'bool' | 'ref';
}
/** A location main's requires grants: the field of the object reached from a parameter along `path`. */
/** A location main's requires holds (only when the bool input `when` is true, if given). */
export interface Location {
  readonly path: readonly string[];
  readonly field: string;
  readonly when?: string;
}

export interface HeapProgram {
  readonly source: string;
  readonly params: readonly HeapParam[];
  /** Every location main's requires grants (predicates expanded): two of them on one object are infeasible. */
  readonly footprint: readonly Location[];
}

export interface HeapGenOptions {
  readonly statements: number;
  readonly joins: boolean;
}

/** What a procedure needs from one reference argument: direct fields and predicate instances. */
interface Need {
  readonly fields: readonly string[];
  readonly preds: readonly string[];
}
interface Helper {
  readonly name: string;
  readonly refs: readonly Need[];
  readonly ints: number;
  readonly returns: boolean;
  readonly text: string;
}

/** One generation run: scopes, counters and the permission model live here. */
class Builder {
  private readonly lines: string[] = [];
  private counter = 0;
  private budget = 0;
  private scopes: Var[][] = [];
  tags = new ObjectTags();
  readonly preds: Pred[];
  readonly fns: Fn[] = [];
  readonly helpers: Helper[] = [];
  private readonly exprs = new HeapExprs(this);

  constructor(
    readonly rng: Rng,
    readonly opts: HeapGenOptions,
  ) {
    const templates = PRED_TEMPLATES.filter(() => rng.chance(0.6));
    this.preds = (templates.length > 0 ? templates : [PRED_TEMPLATES[1]]).map((t) => t(rng.int(-3, 3)));
    this.fns.push(...functionsFor(this.preds));
  }

  private fresh(prefix: string): string {
    return `${prefix}${this.counter++}`;
  }
  private emit(depth: number, text: string): void {
    this.lines.push(`${'  '.repeat(depth)}${text}`);
  }
  visible(): Var[] {
    return this.scopes.flat();
  }
  private declare(v: Var): void {
    this.scopes[this.scopes.length - 1].push(v);
  }
  refs(): Var[] {
    return this.visible().filter((v) => v.kind === 'ref');
  }
  withField(f: string): Var[] {
    return this.refs().filter((v) => this.tags.has(v.tag!, f));
  }
  withPred(p: string): Var[] {
    return this.refs().filter((v) => this.tags.hasPred(v.tag!, p));
  }

  // ------------------------------------------------------------ procedures

  /** A random need on one reference: some fields directly, maybe a predicate (disjoint from them). */
  need(): Need {
    const pred = this.rng.chance(0.4) ? this.rng.pick(this.preds) : undefined;
    const fields = FIELDS.map((f) => f.name as string).filter(
      (f) => f !== ITEMS && !pred?.fields.includes(f) && this.rng.chance(0.5),
    );
    return { fields: fields.length === 0 && !pred ? ['val'] : fields, preds: pred ? [pred.name] : [] };
  }

  /** `acc(a.val) && pos(a)`, the permissions of `need` on `n`. */
  private needText(n: string, need: Need): string[] {
    return [...need.fields.map((f) => `acc(${n}.${f})`), ...need.preds.map((p) => `${p}(${n})`)];
  }

  /** Runs `body` in a fresh procedure scope with `vars` declared and the tags' permissions of `needs`. */
  private inProc(vars: readonly Var[], needs: ReadonlyMap<Tag, Need>, statements: number, body: () => void): string[] {
    this.tags = new ObjectTags();
    for (const [tag, need] of needs) this.tags.grant(tag, need.fields, need.preds);
    this.scopes = [[...vars]];
    this.budget = statements;
    this.lines.length = 0;
    body();
    return [...this.lines];
  }

  helper(index: number): Helper {
    const name = `h${index}`;
    const refs = Array.from({ length: this.rng.int(1, 2) }, () => this.need());
    const ints = this.rng.int(0, 1);
    const returns = this.rng.chance(0.5);
    const params = [...refs.map((_, i) => `a${i}: Node`), ...Array.from({ length: ints }, (_, i) => `k${i}: int`)];
    const vars: Var[] = [
      ...refs.map((_, i): Var => ({ name: `a${i}`, kind: 'ref', tag: `a${i}`, mutable: false })),
      ...Array.from({ length: ints }, (_, i): Var => ({ name: `k${i}`, kind: 'int', mutable: false })),
      ...(returns ? [{ name: 'r', kind: 'int', mutable: true } as Var] : []),
    ];
    const needs = new Map(refs.map((n, i) => [`a${i}`, n]));
    const perms = refs.flatMap((n, i) => this.needText(`a${i}`, n));
    let requires = perms;
    const body = this.inProc(vars, needs, this.rng.int(2, 5), () => {
      // The pure precondition reads the parameters only (not r, not body locals).
      if (this.rng.chance(0.3))
        requires = [
          ...perms,
          this.inScope(
            vars.filter((v) => v.name !== 'r'),
            () => this.pure('bool', 1),
          ),
        ];
      while (this.budget > 0) this.statement(1);
      this.restore(needs, 1);
    });
    const ensures = this.rng.chance(0.5) ? [...perms, this.postcondition(refs, returns)] : perms;
    const text = [
      `proc ${name}(${params.join(', ')})${returns ? ' returns (r: int)' : ''}`,
      `  requires ${requires.join(' && ')}`,
      `  ensures ${ensures.join(' && ')}`,
      '{',
      ...body,
      '}',
    ].join('\n');
    return { name, refs, ints, returns, text };
  }

  /** A pure postcondition relating the new state to `old` (may fail: a postcondition failure). */
  private postcondition(refs: readonly Need[], returns: boolean): string {
    const i = refs.findIndex((n) => n.fields.includes('val'));
    const j = refs.findIndex((n) => n.preds.some((p) => this.fns.some((f) => f.pred === p)));
    const options: string[] = [];
    if (i >= 0) options.push(`a${i}.val >= old(a${i}.val)`, `a${i}.val == old(a${i}.val)`);
    if (j >= 0) {
      const fn = this.fns.find((f) => f.pred === refs[j].preds[0])!.name;
      options.push(`${fn}(a${j}) != old(${fn}(a${j}))`, `${fn}(a${j}) >= 0`);
    }
    if (returns) options.push('r != 3', i >= 0 ? `r <= a${i}.val` : 'r >= 0');
    return options.length > 0 ? this.rng.pick(options) : 'true';
  }

  main(statements: number): { text: string; params: HeapParam[]; footprint: Location[] } {
    const refCount = this.rng.int(1, 3);
    const params: HeapParam[] = [
      ...Array.from({ length: refCount }, (_, i): HeapParam => ({ name: `p${i}`, kind: 'ref' })),
      ...Array.from({ length: this.rng.int(1, 2) }, (_, i): HeapParam => ({ name: `x${i}`, kind: 'int' })),
      ...(this.rng.chance(0.5) ? [{ name: 'b0', kind: 'bool' } as HeapParam] : []),
    ];
    const needs = new Map<Tag, Need>();
    const perms: string[] = [];
    const footprint: Location[] = [];
    for (let i = 0; i < refCount; i++) {
      if (this.rng.chance(0.2)) continue; // no permission: may be null, may alias anything
      const need = this.need();
      needs.set(`p${i}`, need);
      perms.push(...this.needText(`p${i}`, need));
      const preds = need.preds.flatMap((p) => this.preds.find((q) => q.name === p)!.fields);
      footprint.push(...[...need.fields, ...preds].map((field) => ({ path: [`p${i}`], field })));
      // The object behind p.next, with its own permission: the tag `p.next`.
      if (need.fields.includes('next') && this.rng.chance(0.5)) {
        needs.set(`p${i}.next`, { fields: ['val'], preds: [] });
        perms.push(`acc(p${i}.next.val)`);
        footprint.push({ path: [`p${i}`, 'next'], field: 'val' });
      }
    }
    // A conditional permission (`b0 ==> acc(p.flag)`), used under the same test.
    const guarded = params.some((p) => p.name === 'b0')
      ? [...needs]
          .filter(
            ([tag, n]) =>
              /^p\d$/.test(tag) &&
              !n.fields.includes('flag') &&
              !n.preds.some((q) => this.preds.find((x) => x.name === q)!.fields.includes('flag')) &&
              this.rng.chance(0.4),
          )
          .map(([tag]) => tag)
      : [];
    for (const tag of guarded) {
      perms.push(`(b0 ==> acc(${tag}.flag))`);
      footprint.push({ path: [tag], field: 'flag', when: 'b0' });
    }
    const vars: Var[] = params.map((p) => ({
      name: p.name,
      kind: p.kind,
      tag: p.kind === 'ref' ? p.name : undefined,
      mutable: false,
    }));
    let pure: string[] = [];
    const body = this.inProc(vars, needs, statements, () => {
      for (const [tag] of needs) if (needs.has(`${tag}.next`)) this.tags.link(tag, `${tag}.next`);
      for (const tag of guarded) this.emit(1, `if (b0) { ${tag}.flag := !${tag}.flag; }`);
      if (perms.length > 0 && this.rng.chance(0.15)) pure = [this.inScope(vars, () => this.pure('bool', 1))];
      while (this.budget > 0) this.statement(1);
    });
    const header = params.map((p) => `${p.name}: ${p.kind === 'ref' ? CLASS : p.kind}`).join(', ');
    const requires = perms.length > 0 ? [`  requires ${[...perms, ...pure].join(' && ')}`] : [];
    return { text: [`proc main(${header})`, ...requires, '{', ...body, '}'].join('\n'), params, footprint };
  }

  /** `make` with only `vars` visible. */
  private inScope<T>(vars: readonly Var[], make: () => T): T {
    const saved = this.scopes;
    this.scopes = [[...vars]];
    try {
      return make();
    } finally {
      this.scopes = saved;
    }
  }

  // ------------------------------------------------------------ statements

  private statement(depth: number): void {
    this.budget--;
    const r = this.rng.float();
    const nested = depth <= 2;
    if (r < 0.12) this.declScalar(depth);
    else if (r < 0.2) this.assignScalar(depth);
    else if (r < 0.32) this.fieldWrite(depth);
    else if (r < 0.4) this.allocate(depth);
    else if (r < 0.46) this.declRef(depth);
    else if (r < 0.58 && nested) this.ifStmt(depth);
    else if (r < 0.68) this.emit(depth, `assert ${this.pure('bool', 2)};`);
    else if (r < 0.78) this.foldOrUnfold(depth);
    else if (r < 0.9 && this.helpers.length > 0) this.call(depth);
    else if (r < 0.93) this.unpermitted(depth);
    else if (r < 0.97) this.elementWrite(depth);
    else this.declScalar(depth);
  }

  private declScalar(depth: number): void {
    const kind: Kind = this.rng.chance(0.7) ? 'int' : 'bool';
    const name = this.fresh('v');
    this.emit(depth, `var ${name}: ${kind} := ${this.pure(kind, 2)};`);
    this.declare({ name, kind, mutable: true });
  }

  private assignScalar(depth: number): void {
    const targets = this.visible().filter((v) => v.mutable && v.kind !== 'ref');
    if (targets.length === 0) return this.declScalar(depth);
    const v = this.rng.pick(targets);
    this.emit(depth, `${v.name} := ${this.pure(v.kind, 2)};`);
  }

  private fieldWrite(depth: number): void {
    const f = this.rng.pick(FIELDS);
    const owners = this.withField(f.name);
    if (owners.length === 0) return this.declScalar(depth);
    const o = this.rng.pick(owners);
    if (f.name === ITEMS)
      return this.emit(depth, `${o.name}.${ITEMS} := ${itemsLiteral(this.rng, () => this.int(1))};`);
    if (f.name !== 'next') return this.emit(depth, `${o.name}.${f.name} := ${this.fieldValue(f.type as Kind, 2)};`);
    const target = this.rng.chance(0.3) || this.refs().length === 0 ? undefined : this.rng.pick(this.refs());
    this.emit(depth, `${o.name}.next := ${target ? target.name : 'null'};`);
    this.tags.link(o.tag!, target ? target.tag! : this.tags.nullTag());
  }

  private allocate(depth: number): void {
    const name = this.fresh('c');
    const tag = this.tags.allocate(
      name,
      FIELDS.map((f) => f.name),
    );
    this.emit(depth, `var ${name}: Node := new Node;`);
    this.declare({ name, kind: 'ref', tag, mutable: false });
    if (this.rng.chance(0.5)) this.emit(depth, `${name}.val := ${this.fieldValue('int', 1)};`);
    if (this.rng.chance(0.85)) this.emit(depth, `${name}.${ITEMS} := ${itemsLiteral(this.rng, () => this.int(0))};`);
  }

  /** `o.items[i] := e`, e often a helper's result (`o.items[i] := h(…)`). */
  private elementWrite(depth: number): void {
    const owners = this.withField(ITEMS);
    if (owners.length === 0) return this.declScalar(depth);
    const target = `${this.rng.pick(owners).name}.${ITEMS}[${itemsIndex(this.rng, () => this.int(0))}]`;
    const returning = this.helpers.filter((h) => h.returns);
    const call = returning.length > 0 && this.rng.chance(0.8) ? this.callText(this.rng.pick(returning)) : undefined;
    this.emit(depth, `${target} := ${call ?? this.fieldValue('int', 1)};`);
  }

  /** A call as the whole right-hand side of a field write is not supported symbolically yet (rules/heap/heapGuard.ts). */
  private fieldValue(kind: Kind, depth: number): string {
    const value = this.pure(kind, depth);
    return /^\w+\(/.test(value) ? (kind === 'int' ? `0 + ${value}` : `true && ${value}`) : value;
  }

  /** An alias of a visible reference, the `next` of one, or null. */
  private declRef(depth: number): void {
    const name = this.fresh('d');
    const refs = this.refs();
    const linked = this.withField('next');
    const r = this.rng.float();
    if (r < 0.5 && refs.length > 0) {
      const from = this.rng.pick(refs);
      this.emit(depth, `var ${name}: Node := ${from.name};`);
      this.declare({ name, kind: 'ref', tag: from.tag, mutable: false });
    } else if (r < 0.9 && linked.length > 0) {
      const from = this.rng.pick(linked);
      this.emit(depth, `var ${name}: Node := ${from.name}.next;`);
      this.declare({ name, kind: 'ref', tag: this.tags.next(from.tag!), mutable: false });
    } else {
      this.emit(depth, `var ${name}: Node := null;`);
      this.declare({ name, kind: 'ref', tag: this.tags.nullTag(), mutable: false });
    }
  }

  /** The branches start and end with the same permissions (folds are restored), so joins keep them. */
  private ifStmt(depth: number): void {
    const before = this.tags.snapshot();
    this.emit(depth, `if (${this.pure('bool', 2)}) {`);
    this.block(depth + 1, before);
    if (this.rng.chance(0.6)) {
      this.emit(depth, '} else {');
      this.block(depth + 1, before);
    }
    this.emit(depth, '}');
    if (this.opts.joins) this.emit(depth, 'join;');
  }

  private block(depth: number, before: ReadonlyMap<Tag, Need>): void {
    this.scopes.push([]);
    const links = this.tags.links();
    const n = this.rng.int(1, 3);
    for (let i = 0; i < n && this.budget > 0; i++) this.statement(depth);
    this.restore(before, depth);
    this.scopes.pop();
    this.tags.forgetLinksChangedSince(links);
  }

  /** Folds and unfolds that bring the visible objects' predicate instances back to `target`. */
  private restore(target: ReadonlyMap<Tag, Need>, depth: number): void {
    for (const v of this.refs()) {
      const want = target.get(v.tag!);
      if (!want) continue;
      for (const p of this.tags.predsOf(v.tag!)) if (!want.preds.includes(p)) this.unfold(v, p, depth);
      for (const p of want.preds) if (!this.tags.hasPred(v.tag!, p)) this.fold(v, p, depth);
    }
  }

  private fold(v: Var, p: string, depth: number): void {
    this.emit(depth, `fold ${p}(${v.name});`);
    this.tags.fold(v.tag!, p, this.preds.find((q) => q.name === p)!.fields);
  }

  private unfold(v: Var, p: string, depth: number): void {
    this.emit(depth, `unfold ${p}(${v.name});`);
    this.tags.unfold(v.tag!, p, this.preds.find((q) => q.name === p)!.fields);
  }

  private foldOrUnfold(depth: number): void {
    const unfoldable = this.preds.flatMap((p) => this.withPred(p.name).map((v) => [v, p] as const));
    const foldable = this.preds.flatMap((p) =>
      this.refs()
        .filter((v) => p.fields.every((f) => this.tags.has(v.tag!, f)))
        .map((v) => [v, p] as const),
    );
    if (unfoldable.length > 0 && (foldable.length === 0 || this.rng.chance(0.5))) {
      const [v, p] = this.rng.pick(unfoldable);
      return this.unfold(v, p.name, depth);
    }
    if (foldable.length === 0) return this.declScalar(depth);
    const [v, p] = this.rng.pick(foldable);
    this.fold(v, p.name, depth);
  }

  /** A helper call whose arguments hold what it needs (usually on distinct objects). */
  private call(depth: number): void {
    const h = this.rng.pick(this.helpers);
    const text = this.callText(h);
    if (!text) return this.declScalar(depth);
    if (!h.returns) return this.emit(depth, `${text};`);
    // A field as the call's target (`o.val := h(…)`): the helper gives back what it took.
    const owners = this.withField('val');
    if (owners.length > 0 && this.rng.chance(0.3))
      return this.emit(depth, `${this.rng.pick(owners).name}.val := ${text};`);
    // An element as the target (`o.items[i] := h(…)`).
    const arrays = this.withField(ITEMS);
    if (arrays.length > 0 && this.rng.chance(0.3))
      return this.emit(
        depth,
        `${this.rng.pick(arrays).name}.${ITEMS}[${itemsIndex(this.rng, () => this.int(0))}] := ${text};`,
      );
    const name = this.fresh('v');
    this.emit(depth, `var ${name}: int := ${text};`);
    this.declare({ name, kind: 'int', mutable: true });
  }

  /** `h(a, b, 3)` with arguments that hold what h needs (usually distinct objects); undefined when no reference fits. */
  private callText(h: Helper): string | undefined {
    const used = new Set<Tag>();
    const args: string[] = [];
    for (const need of h.refs) {
      const fits = this.refs().filter(
        (v) =>
          need.fields.every((f) => this.tags.has(v.tag!, f)) && need.preds.every((p) => this.tags.hasPred(v.tag!, p)),
      );
      const distinct = fits.filter((v) => !used.has(v.tag!));
      const pool = distinct.length > 0 && this.rng.chance(0.95) ? distinct : fits.length > 0 ? fits : this.refs();
      if (pool.length === 0) return undefined;
      const v = this.rng.pick(pool);
      used.add(v.tag!);
      args.push(v.name);
    }
    for (let i = 0; i < h.ints; i++) args.push(this.pure('int', 1));
    return `${h.name}(${args.join(', ')})`;
  }

  /** A read or write the model does not permit: through an object without permission (it may alias one that has it). */
  private unpermitted(depth: number): void {
    const bare = this.refs().filter((v) => !this.tags.has(v.tag!, 'val'));
    if (bare.length === 0) return this.declScalar(depth);
    const v = this.rng.pick(bare);
    if (this.rng.chance(0.5)) return this.emit(depth, `${v.name}.val := ${this.fieldValue('int', 1)};`);
    const name = this.fresh('v');
    this.emit(depth, `var ${name}: int := ${v.name}.val;`);
    this.declare({ name, kind: 'int', mutable: true });
  }

  // ------------------------------------------------------------ expressions (heapExpressions.ts)

  pure(kind: Kind, depth: number): string {
    return this.exprs.pure(kind, depth);
  }
  private int(depth: number): string {
    return this.exprs.int(depth);
  }

  functionsText(): string[] {
    return this.fns.map((f) => f.text);
  }
}

/** One program, fully determined by `seed`. */
export function generateHeapProgram(seed: number, opts: HeapGenOptions): HeapProgram {
  const rng = new Rng(seed);
  const b = new Builder(rng, opts);
  const helperCount = rng.int(0, 2);
  for (let i = 0; i < helperCount; i++) b.helpers.push(b.helper(i));
  const main = b.main(opts.statements);
  const parts = [
    `class ${CLASS} {\n${FIELDS.map((f) => `  var ${f.name}: ${f.type};`).join('\n')}\n}`,
    ...b.preds.map((p) => `predicate ${p.name}(n: Node) {\n  ${p.body('n')}\n}`),
    ...b.functionsText(),
    ...b.helpers.map((h) => h.text),
    main.text,
  ];
  return { source: `${parts.join('\n\n')}\n`, params: main.params, footprint: main.footprint };
}
