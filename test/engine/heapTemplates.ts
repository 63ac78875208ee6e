// The declarations every generated heap program draws from (heapProgramGenerator.ts): the
// class Node, the non-recursive predicates (each with a constant k chosen per program) and
// the non-recursive functions over a permission or a predicate instance.

export const CLASS = 'Node';
export const FIELDS = [
  { name: 'val', type: 'int' },
  { name: 'flag', type: 'bool' },
  { name: 'next', type: CLASS },
  { name: 'items', type: 'int[]' },
] as const;

export interface Pred {
  readonly name: string;
  readonly fields: readonly string[];
  readonly body: (n: string) => string;
}
export interface Fn {
  readonly name: string;
  readonly pred?: string;
  readonly text: string;
}
export const PRED_TEMPLATES = [
  (_k: number): Pred => ({ name: 'cell', fields: ['val'], body: (n) => `acc(${n}.val)` }),
  (k: number): Pred => ({ name: 'pos', fields: ['val'], body: (n) => `acc(${n}.val) && ${n}.val >= ${k}` }),
  (k: number): Pred => ({
    name: 'pair',
    fields: ['val', 'flag'],
    body: (n) => `acc(${n}.val) && acc(${n}.flag) && (${n}.flag ==> ${n}.val != ${k})`,
  }),
  (): Pred => ({ name: 'link', fields: ['next', 'flag'], body: (n) => `acc(${n}.next) && acc(${n}.flag)` }),
];

/** `get` over a direct permission, and `qVal` over each predicate q that holds `val` (through `unfolding`). */
export function functionsFor(preds: readonly Pred[]): Fn[] {
  const out: Fn[] = [{ name: 'get', text: 'function get(n: Node): int\n  requires acc(n.val)\n{\n  n.val\n}' }];
  for (const p of preds.filter((q) => q.fields.includes('val'))) {
    out.push({
      name: `${p.name}Val`,
      pred: p.name,
      text: `function ${p.name}Val(n: Node): int\n  requires ${p.name}(n)\n{\n  unfolding ${p.name}(n) in n.val + 1\n}`,
    });
  }
  return out;
}
