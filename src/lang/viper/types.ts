// Viper's types in Sym: Int is Sym's unbounded int, Bool is bool, and Ref is the one class that
// holds every field of the program (Viper's fields are global: every reference may carry every
// field; permissions decide which ones a method may touch).

import { PERM, type Type } from '../types';
import type { Span } from '../span';
import type { VType } from './ast';
import { refuse, type LowerCtx } from './context';
import { genericDomainType } from './genericTypes';
import { adtSymType } from './adt';

export const REF_CLASS = 'Ref';

export function symType(t: VType, span: Span, ctx: LowerCtx): Type {
  switch (t.kind) {
    case 'Int':
      return { kind: 'int' };
    case 'Bool':
      return { kind: 'bool' };
    case 'Ref':
      return { kind: 'ref', className: REF_CLASS };
    case 'other': {
      const adt = adtSymType(t, span, ctx);
      if (adt !== undefined) return adt;
      const generic = genericDomainType(t, span, ctx, (a) => symType(a, span, ctx));
      if (generic !== undefined) return generic;
      // `Rational`: Silver's old name of Perm (its Translator.ttyp maps PKw.Rational to Perm).
      if ((t.name === 'Perm' && !ctx.decls.domains.has(t.name)) || t.name === 'Rational') return PERM;
      if (ctx.decls.domains.has(t.name)) return { kind: 'domain', name: t.name };
      refuse(ctx, `domain types (${t.name})`, span);
      return { kind: 'int' };
    }
    case 'Set':
      return { kind: 'set', elem: symType(t.elem, span, ctx) };
    case 'Seq':
      return { kind: 'seq', elem: symType(t.elem, span, ctx) };
  }
}
