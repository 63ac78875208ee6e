// The types of Sym: mathematical integers, booleans, two's-complement bit-vectors and arrays.
// Types are plain data so they cross layers (checker, engine, adapter) unchanged.

export type BvWidth = 8 | 16 | 32 | 64;

export type Type =
  | { readonly kind: 'int' }
  | { readonly kind: 'bool' }
  | { readonly kind: 'bv'; readonly width: BvWidth; readonly signed: boolean }
  | { readonly kind: 'array'; readonly elem: Type }
  /** A reference to an object of a class, or null. */
  | { readonly kind: 'ref'; readonly className: string }
  /** A Viper domain type: values the program knows only through its domain's functions and
   *  axioms (docs/viper.md, Domains). No Sym syntax writes it; only the Viper front end does. */
  | { readonly kind: 'domain'; readonly name: string }
  /** Viper's mathematical sets and sequences (no Sym syntax: the Viper front end makes them). */
  | { readonly kind: 'set'; readonly elem: Type }
  | { readonly kind: 'seq'; readonly elem: Type }
  /** A permission amount (Viper's Perm; docs/language.md "Fractional permissions"): a rational. */
  | { readonly kind: 'perm' };

export const INT: Type = { kind: 'int' };
export const PERM: Type = { kind: 'perm' };
export const BOOL: Type = { kind: 'bool' };
export const U8: Type = { kind: 'bv', width: 8, signed: false };

export function bv(width: BvWidth, signed: boolean): Type {
  return { kind: 'bv', width, signed };
}

export function arrayOf(elem: Type): Type {
  return { kind: 'array', elem };
}

export function typeEquals(a: Type, b: Type): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'bv' && b.kind === 'bv') return a.width === b.width && a.signed === b.signed;
  if (a.kind === 'array' && b.kind === 'array') return typeEquals(a.elem, b.elem);
  if (a.kind === 'ref' && b.kind === 'ref') return a.className === b.className;
  if (a.kind === 'domain' && b.kind === 'domain') return a.name === b.name;
  if ((a.kind === 'set' || a.kind === 'seq') && a.kind === b.kind) return typeEquals(a.elem, b.elem);
  return true;
}

export function typeName(t: Type): string {
  switch (t.kind) {
    case 'int':
      return 'int';
    case 'bool':
      return 'bool';
    case 'bv':
      return `${t.signed ? 'i' : 'u'}${t.width}`;
    case 'array':
      return `${typeName(t.elem)}[]`;
    case 'ref':
      return t.className;
    case 'domain':
      return t.name;
    case 'set':
      return `Set[${typeName(t.elem)}]`;
    case 'seq':
      return `Seq[${typeName(t.elem)}]`;
    case 'perm':
      return 'perm';
  }
}

const SCALAR_NAMES: Record<string, Type> = {
  int: INT,
  bool: BOOL,
  i8: bv(8, true),
  i16: bv(16, true),
  i32: bv(32, true),
  i64: bv(64, true),
  u8: bv(8, false),
  u16: bv(16, false),
  u32: bv(32, false),
  u64: bv(64, false),
  perm: PERM,
};

/** The scalar type a keyword names (`int`, `u8`, …), or undefined. */
export function scalarTypeByName(name: string): Type | undefined {
  return SCALAR_NAMES[name];
}

export function refType(className: string): Type {
  return { kind: 'ref', className };
}

export function isNumeric(t: Type): boolean {
  return t.kind === 'int' || t.kind === 'bv' || t.kind === 'perm';
}

/** Inclusive value range of a bit-vector type, as bigints. */
export function bvRange(t: { width: BvWidth; signed: boolean }): { min: bigint; max: bigint } {
  const w = BigInt(t.width);
  return t.signed ? { min: -(1n << (w - 1n)), max: (1n << (w - 1n)) - 1n } : { min: 0n, max: (1n << w) - 1n };
}
