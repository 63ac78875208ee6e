// The language server's index of one checked program: every declared name (procedures,
// functions, predicates, classes, fields, globals, parameters, locals, binders) and every
// place a name occurs, each occurrence tied to its declaration. Definition, references,
// hover, semantic tokens and completion all read this one plain structure.

import type { Expr, Param, Proc, Stmt, TopDecl } from '../lang/ast';
import type { CheckedProgram, Declaration } from '../lang/checked';
import type { Span } from '../lang/span';
import { printExpr, printType } from '../lang/printer';
import type { Type } from '../lang/types';
import { walkDecl } from './astWalk';

export type DefKind =
  'procedure' | 'function' | 'predicate' | 'class' | 'field' | 'global' | 'parameter' | 'local' | 'bound';

export interface SymbolDef {
  readonly name: string;
  readonly kind: DefKind;
  readonly nameSpan: Span;
  /** The whole declaration (for the outline). */
  readonly span: Span;
  /** One line of Sym describing it: signature or `name: type`. */
  readonly signature: string;
  /** Contracts (requires/ensures) of procedures and functions, printed. */
  readonly contracts: readonly string[];
  /** The procedure/function/predicate/class it belongs to, if any. */
  readonly container?: string;
}

export interface Occurrence {
  readonly span: Span;
  readonly def: SymbolDef;
}

export interface SymbolIndex {
  readonly defs: readonly SymbolDef[];
  /** Every occurrence of a declared name, declarations included, in no particular order. */
  readonly occurrences: readonly Occurrence[];
}

const nameSpanAt = (span: Span, name: string): Span => ({
  line: span.line,
  col: span.col,
  endLine: span.line,
  endCol: span.col + name.length,
});

const params = (ps: readonly Param[]): string => ps.map((p) => `${p.name}: ${printType(p.type)}`).join(', ');

function procSignature(p: Proc): string {
  const rets = p.returns.length > 0 ? ` returns (${params(p.returns)})` : '';
  return `proc ${p.name}(${params(p.params)})${rets}`;
}

/** The definition of a top-level declaration (classes: also their fields). */
function topDefs(d: TopDecl): SymbolDef[] {
  const clauses = (kw: string, es: readonly Expr[]): string[] => es.map((e) => `${kw} ${printExpr(e, 200)}`);
  switch (d.kind) {
    case 'proc':
      return [
        {
          name: d.name,
          kind: 'procedure',
          nameSpan: d.nameSpan,
          span: d.span,
          signature: procSignature(d),
          contracts: [...clauses('requires', d.requires), ...clauses('ensures', d.ensures)],
        },
      ];
    case 'function':
      return [
        {
          name: d.name,
          kind: 'function',
          nameSpan: d.nameSpan,
          span: d.span,
          signature: `function ${d.name}(${params(d.params)}): ${printType(d.result)}`,
          contracts: clauses('requires', d.requires),
        },
      ];
    case 'predicate':
      return [
        {
          name: d.name,
          kind: 'predicate',
          nameSpan: d.nameSpan,
          span: d.span,
          signature: `predicate ${d.name}(${params(d.params)})`,
          contracts: [printExpr(d.body, 200)],
        },
      ];
    case 'class':
      return [
        {
          name: d.name,
          kind: 'class',
          nameSpan: d.nameSpan,
          span: d.span,
          signature: `class ${d.name}`,
          contracts: [],
        },
        ...d.fields.map((f): SymbolDef => ({
          name: f.name,
          kind: 'field',
          nameSpan: f.nameSpan,
          span: f.span,
          signature: `var ${d.name}.${f.name}: ${printType(f.type)}`,
          contracts: [],
          container: d.name,
        })),
      ];
    case 'synth':
      return [
        {
          name: d.name,
          kind: 'function',
          nameSpan: d.nameSpan,
          span: d.span,
          signature: `synth ${d.name}(${params(d.params)}): ${printType(d.result)} (depth ${d.depth})`,
          contracts: [],
        },
      ];
    case 'varDecl':
    case 'axiom':
      return [];
  }
}

class IndexBuilder {
  readonly defs: SymbolDef[] = [];
  readonly occurrences: Occurrence[] = [];
  private readonly byDecl = new Map<Declaration, SymbolDef>();
  private readonly tops = new Map<string, SymbolDef>();
  private readonly fields = new Map<string, SymbolDef>();

  constructor(private readonly checked: CheckedProgram) {}

  build(): SymbolIndex {
    const decls = this.checked.program.decls;
    // What a front end generates (Viper's lowering: `f@post`, inhale/exhale helpers) has an '@' in
    // its name, which no source name has: it is not the user's to outline or navigate to.
    for (const d of decls) for (const def of topDefs(d)) if (!def.name.includes('@')) this.addTop(def);
    for (const g of this.checked.globals) this.declare(g, g.name, g.nameSpan, g.span, 'global', undefined);
    for (const d of decls) this.walk(d);
    return { defs: this.defs, occurrences: this.occurrences };
  }

  private addTop(def: SymbolDef): void {
    this.defs.push(def);
    this.occurrences.push({ span: def.nameSpan, def });
    if (def.kind === 'field') this.fields.set(`${def.container}.${def.name}`, def);
    else this.tops.set(`${def.kind === 'class' ? 'class' : 'callable'}:${def.name}`, def);
  }

  private declare(
    decl: Declaration,
    name: string,
    nameSpan: Span,
    span: Span,
    kind: DefKind,
    container: string | undefined,
  ): void {
    if (this.byDecl.has(decl)) return;
    const type = this.checked.declTypes.get(decl);
    const def: SymbolDef = {
      name,
      kind,
      nameSpan,
      span,
      signature: `${name}: ${type ? printType(type) : '?'}`,
      contracts: [],
      container,
    };
    this.byDecl.set(decl, def);
    this.defs.push(def);
    this.occurrences.push({ span: nameSpan, def });
  }

  private walk(d: TopDecl): void {
    const container = d.kind === 'varDecl' ? undefined : d.name;
    if (d.kind === 'proc' || d.kind === 'function' || d.kind === 'predicate') {
      for (const p of d.params) this.declare(p, p.name, nameSpanAt(p.span, p.name), p.span, 'parameter', container);
    }
    if (d.kind === 'proc')
      for (const p of d.returns) this.declare(p, p.name, nameSpanAt(p.span, p.name), p.span, 'parameter', container);
    walkDecl(
      d,
      (s) => this.stmt(s, container),
      (e) => this.expr(e, container),
    );
  }

  private stmt(s: Stmt, container: string | undefined): void {
    if (s.kind === 'varDecl') this.declare(s, s.name, s.nameSpan, s.span, container ? 'local' : 'global', container);
  }

  private expr(e: Expr, container: string | undefined): void {
    if (e.kind === 'quant')
      for (const b of e.vars) this.declare(b, b.name, nameSpanAt(b.span, b.name), b.span, 'bound', container);
    if (e.kind === 'var') this.refVar(e);
    else if (e.kind === 'call') this.ref(this.tops.get(`callable:${e.callee}`), e.calleeSpan);
    else if (e.kind === 'new') this.ref(this.tops.get(`class:${e.className}`), e.classSpan);
    else if (e.kind === 'field') this.ref(this.fieldDef(this.checked.exprTypes.get(e.object), e.field), e.fieldSpan);
  }

  private refVar(e: Expr & { kind: 'var' }): void {
    const decl = this.checked.resolution.get(e);
    if (!decl) return;
    if (!this.byDecl.has(decl) && 'kind' in decl && decl.kind === 'varDecl')
      this.declare(decl, decl.name, decl.nameSpan, decl.span, 'local', undefined);
    this.ref(this.byDecl.get(decl), e.span);
  }

  private fieldDef(objectType: Type | undefined, field: string): SymbolDef | undefined {
    return objectType?.kind === 'ref' ? this.fields.get(`${objectType.className}.${field}`) : undefined;
  }

  private ref(def: SymbolDef | undefined, span: Span): void {
    if (def) this.occurrences.push({ span, def });
  }
}

export function buildIndex(checked: CheckedProgram): SymbolIndex {
  return new IndexBuilder(checked).build();
}

/** The occurrence under a 1-based line/column, if any. */
export function occurrenceAt(index: SymbolIndex, line: number, col: number): Occurrence | undefined {
  return index.occurrences.find((o) => o.span.line === line && o.span.col <= col && col <= o.span.endCol);
}

/** Every occurrence of the same definition. */
export function occurrencesOf(index: SymbolIndex, def: SymbolDef): Occurrence[] {
  return index.occurrences.filter((o) => o.def === def);
}
