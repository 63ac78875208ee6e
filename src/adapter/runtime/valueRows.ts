// How a frame's values read in the Variables view, as plain rows: a symbolic value printed in
// Sym (a concrete u8 as `98 'b'`), its sort, and whether it expands (an array into its length,
// contents and first elements; a long term into its parts, named by their role); the Locals of
// a frame with their declared types, and the Globals. The session turns the rows into DAP
// variables and keeps the references under which they expand.

import { typeName } from '../../lang/types';
import { isSymArray, type SymArray, type SymValue } from '../../engine/state/state';
import { flatOperands, isAssociative, printTerm, printedSides, sortName, u8Text } from '../../engine/terms/print';
import type { Term } from '../../engine/terms/term';
import type { TreeNode } from '../../engine/explore/tree';
import type { ConcreteInputs } from '../../engine/concolic/assignment';
import type { Debuggee } from './debuggee';
import { frameOf, visibleNames } from './evaluate';
import { userNames } from './userNames';

/** A value's text; `expand` says what its children are, `key` names them uniquely. */
export interface ValueText {
  readonly value: string;
  readonly expand?: { readonly kind: 'array'; readonly arr: SymArray } | { readonly kind: 'term'; readonly term: Term };
  readonly key: string;
}

export function valueText(v: SymValue, maxLength: number, names?: ReadonlyMap<number, string>): ValueText {
  if (isSymArray(v))
    return {
      value: `array(length ${printTerm(v.length, { maxLength: 40, names })})`,
      expand: { kind: 'array', arr: v },
      key: `array:${v.length.id}:${v.contents.id}`,
    };
  // A concrete u8 reads as gdb shows an unsigned char: `98 'b'` (issue 26, item 7).
  const u8 = v.op === 'const' && v.sort.kind === 'bv' && v.sort.width === 8 && !v.sort.signed;
  const value = u8 ? u8Text(v.value as bigint) : printTerm(v, { maxLength, names });
  const long = value.length >= maxLength && v.args.length > 0;
  return { value, key: `term:${v.id}`, ...(long ? { expand: { kind: 'term' as const, term: v } } : {}) };
}

/** The type column of a value's row: `array`, or its sort. */
export function valueType(v: SymValue): string {
  return isSymArray(v) ? 'array' : sortName(v.sort);
}

export function isArray(v: SymValue): v is SymArray {
  return isSymArray(v);
}

/** The id of a reference value that may point at an object (not null, not an array). */
export function objectId(v: SymValue): number | undefined {
  if (isSymArray(v) || v.sort.kind !== 'ref' || (v.op === 'const' && v.value === 0n)) return undefined;
  return v.id;
}

export interface LocalRow {
  readonly name: string;
  readonly value: SymValue;
  readonly type?: string;
  /** The class of a reference local: its row expands into the object's held fields. */
  readonly className?: string;
}

/** The Locals of a frame, with the names the user wrote for symbols and a concolic thread's inputs. */
export function localRows(
  d: Debuggee,
  node: TreeNode,
  threadId: number,
  frameIndex: number,
): { rows: LocalRow[]; names: ReadonlyMap<number, string>; inputs?: ConcreteInputs } {
  const state = node.state;
  const frame = frameOf({ state, frameIndex });
  const names = userNames({ state, frameIndex });
  if (!frame) return { rows: [], names };
  const types = visibleNames(d.checked, frame, state);
  const rows = [...frame.store].map(([name, value]): LocalRow => {
    const t = types.get(name)?.type;
    return {
      name,
      value,
      ...(t ? { type: typeName(t) } : {}),
      ...(t?.kind === 'ref' ? { className: t.className } : {}),
    };
  });
  return { rows, names, inputs: d.paths.get(threadId)?.inputs };
}

export function globalRows(node: TreeNode): [string, SymValue][] {
  return [...node.state.globals];
}

/** User names of the frame's symbols (for printing the conjuncts of its path condition). */
export function frameNames(node: TreeNode, frameIndex: number): ReadonlyMap<number, string> {
  return userNames({ state: node.state, frameIndex });
}

/** An array's length, contents and first `max` elements; `more` counts the rest. */
export function arrayParts(d: Debuggee, arr: SymArray, max: number): { parts: [string, SymValue][]; more: number } {
  const parts: [string, SymValue][] = [
    ['length', arr.length],
    ['contents', arr.contents],
  ];
  const n = arr.length.op === 'const' ? Number(arr.length.value) : 0;
  for (let i = 0; i < Math.min(n, max); i++) parts.push([`[${i}]`, d.T.select(arr.contents, d.T.int(BigInt(i)))]);
  return { parts, more: Math.max(0, n - max) };
}

/** The parts of a term, named by their role. */
export function termParts(t: Term): [string, Term][] {
  const a = t.args;
  switch (t.op) {
    case 'ite':
      return [
        ['condition', a[0]],
        ['then', a[1]],
        ['else', a[2]],
      ];
    case 'select':
      return [
        ['array', a[0]],
        ['index', a[1]],
      ];
    case 'store':
      return [
        ['array', a[0]],
        ['index', a[1]],
        ['value', a[2]],
      ];
    case 'lt':
    case 'le': {
      const [l, r] = printedSides(t);
      return [
        ['left', l],
        ['right', r],
      ];
    }
    default: {
      // A nested sum (product, conjunction, …) expands into its flat operands, as it prints.
      if (isAssociative(t.op)) return flatOperands(t).map((x, i) => [`[${i}]`, x]);
      if (a.length === 2)
        return [
          ['left', a[0]],
          ['right', a[1]],
        ];
      return a.map((x, i) => [`${t.op}[${i}]`, x]);
    }
  }
}
