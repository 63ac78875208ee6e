// The Sym pretty printer: canonical source text for an AST (2-space indentation, one
// statement per line, minimal parentheses). parse(printProgram(p)) equals p up to spans.

import type {
  BinaryOp, Block, ClassDecl, Expr, FunctionDecl, If, Param, PredicateDecl, Proc, Program, Stmt, TopDecl, UnaryOp,
  VarDecl, While,
} from './ast';
import { typeName, type Type } from './types';
import { binaryPrec, isRightAssoc, PREC } from './operatorChain';

const INDENT = '  ';

export function printType(t: Type): string {
  return typeName(t);
}

export function printProgram(p: Program): string {
  return p.decls.map((d) => printDecl(d)).join('\n');
}

function printDecl(d: TopDecl): string {
  switch (d.kind) {
    case 'proc': return printProc(d);
    case 'varDecl': return `${printStmt(d)}\n`;
    case 'class': return printClass(d);
    case 'predicate': return printPredicate(d);
    case 'function': return printFunction(d);
  }
}

function printClass(c: ClassDecl): string {
  if (c.fields.length === 0) return `class ${c.name} {\n}\n`;
  const fields = c.fields.map((f) => `${INDENT}var ${f.name}: ${printType(f.type)};`);
  return `class ${c.name} {\n${fields.join('\n')}\n}\n`;
}

function printPredicate(p: PredicateDecl): string {
  return `predicate ${p.name}${printParams(p.params)} {\n${INDENT}${printExpr(p.body)}\n}\n`;
}

function printFunction(f: FunctionDecl): string {
  const head = `function ${f.name}${printParams(f.params)}: ${printType(f.result)}`;
  const specs = f.requires.map((e) => `\n${INDENT}requires ${printExpr(e)}`).join('');
  return `${head}${specs}\n{\n${INDENT}${printExpr(f.body)}\n}\n`;
}

function printParams(ps: readonly Param[]): string {
  return `(${ps.map((p) => `${p.name}: ${printType(p.type)}`).join(', ')})`;
}

function printProc(p: Proc): string {
  const returns = p.returns.length > 0 ? ` returns ${printParams(p.returns)}` : '';
  const head = `proc ${p.name}${printParams(p.params)}${returns}`;
  const specs = [
    ...p.requires.map((e) => `${INDENT}requires ${printExpr(e)}`),
    ...p.ensures.map((e) => `${INDENT}ensures ${printExpr(e)}`),
  ];
  const body = printBlock(p.body, 0);
  return specs.length === 0 ? `${head} ${body}\n` : `${head}\n${specs.join('\n')}\n${body}\n`;
}

/** One statement at the given indentation level (in steps of two spaces), without a final newline. */
export function printStmt(s: Stmt, indent = 0): string {
  const pad = INDENT.repeat(indent);
  switch (s.kind) {
    case 'varDecl': return pad + printVarDecl(s);
    case 'assign': return `${pad}${printExpr(s.target)} := ${printInit(s.value)};`;
    case 'callAssign': return `${pad}${s.targets.map(printExpr).join(', ')} := ${printExpr(s.call)};`;
    case 'if': return pad + printIf(s, indent);
    case 'while': return pad + printWhile(s, indent);
    case 'assume': return `${pad}assume ${printExpr(s.cond)};`;
    case 'assert': return `${pad}assert ${printExpr(s.cond)};`;
    case 'join': return s.cond === undefined ? `${pad}join;` : `${pad}join ${printExpr(s.cond)};`;
    case 'callStmt': return `${pad}${printExpr(s.call)};`;
    case 'return': return s.value === undefined ? `${pad}return;` : `${pad}return ${printExpr(s.value)};`;
    case 'block': return pad + printBlock(s, indent);
    case 'fold': case 'unfold': return `${pad}${s.kind} ${printExpr(s.pred)};`;
  }
}

function printInit(e: Expr | { kind: 'havoc' }): string {
  return e.kind === 'havoc' ? '*' : printExpr(e);
}

function printVarDecl(d: VarDecl): string {
  const type = d.type === undefined ? '' : `: ${printType(d.type)}`;
  const init = d.init === undefined ? '' : ` := ${printInit(d.init)}`;
  return `var ${d.name}${type}${init};`;
}

/** `{`, the statements one level deeper, then `}` at `indent` (the caller writes the first pad). */
function printBlock(b: Block, indent: number): string {
  if (b.stmts.length === 0) return '{\n' + `${INDENT.repeat(indent)}}`;
  const inner = b.stmts.map((s) => printStmt(s, indent + 1)).join('\n');
  return `{\n${inner}\n${INDENT.repeat(indent)}}`;
}

function printIf(s: If, indent: number): string {
  const head = `if (${printExpr(s.cond)}) ${printBlock(s.then, indent)}`;
  if (s.otherwise === undefined) return head;
  const rest = s.otherwise.kind === 'if' ? printIf(s.otherwise, indent) : printBlock(s.otherwise, indent);
  return `${head} else ${rest}`;
}

function printWhile(s: While, indent: number): string {
  const head = `while (${printExpr(s.cond)})`;
  if (s.invariants.length === 0) return `${head} ${printBlock(s.body, indent)}`;
  const pad = INDENT.repeat(indent);
  const invariants = s.invariants.map((e) => `${pad}${INDENT}invariant ${printExpr(e)}`).join('\n');
  return `${head}\n${invariants}\n${pad}${printBlock(s.body, indent)}`;
}

// ---------------------------------------------------------------- expressions

export function printExpr(e: Expr): string {
  return expr(e, 0, true);
}

/** How tightly `e` binds as written (a negative literal is a prefix expression). */
function precOf(e: Expr): number {
  switch (e.kind) {
    case 'binary': return binaryPrec(e.op);
    case 'cond': return PREC.cond;
    case 'cast': return PREC.cast;
    case 'unary': return PREC.unary;
    case 'intLit': return e.value < 0n ? PREC.unary : PREC.postfix;
    default: return PREC.postfix;
  }
}

/**
 * `e` printed where it must bind at least as tightly as `min`. `open` says nothing follows it
 * up to the end of the enclosing bracket, so a quantifier there needs no parentheses.
 */
function expr(e: Expr, min: number, open: boolean): string {
  // A quantifier reaches as far right as it can, so it only needs room to its right.
  const bare = e.kind === 'quant' || e.kind === 'unfolding' ? open : precOf(e) >= min;
  const text = bareExpr(e, bare ? open : true);
  return bare ? text : `(${text})`;
}

function bareExpr(e: Expr, open: boolean): string {
  switch (e.kind) {
    case 'intLit': return e.value.toString();
    case 'boolLit': return String(e.value);
    case 'charLit': return printChar(e.value);
    case 'var': return e.name;
    case 'arrayLit': return `[${e.elems.map(printExpr).join(', ')}]`;
    case 'call': return `${e.callee}(${e.args.map(printExpr).join(', ')})`;
    case 'old': return `old(${printExpr(e.expr)})`;
    case 'index': return `${expr(e.array, PREC.postfix, false)}[${printExpr(e.index)}]`;
    case 'length': return `${expr(e.array, PREC.postfix, false)}.length`;
    case 'cast': return `${expr(e.expr, PREC.cast, false)} as ${printType(e.type)}`;
    case 'unary': return e.op + unaryOperand(e.op, e.operand);
    case 'binary': return binary(e.op, e.left, e.right, open);
    case 'cond': return cond(e.cond, e.then, e.otherwise, open);
    case 'quant':
      return `${e.quantifier} ${e.vars.map((v) => `${v.name}: ${printType(v.type)}`).join(', ')} :: ${printExpr(e.body)}`;
    case 'field': return `${expr(e.object, PREC.postfix, false)}.${e.field}`;
    case 'null': return 'null';
    case 'new': return `new ${e.className}`;
    case 'acc': return `acc(${printExpr(e.target)})`;
    case 'untouched': return `untouched(${printExpr(e.body)})`;
    case 'unfolding': return `unfolding ${printExpr(e.pred)} in ${printExpr(e.body)}`;
  }
}

/** A prefix operand; `-(5)` keeps a negation of a literal apart from the literal `-5`. */
function unaryOperand(op: UnaryOp, operand: Expr): string {
  const text = expr(operand, PREC.unary, false);
  const needsParens = text.startsWith('-') || (op === '-' && operand.kind === 'intLit');
  return needsParens ? `(${printExpr(operand)})` : text;
}

function binary(op: BinaryOp, left: Expr, right: Expr, open: boolean): string {
  const p = binaryPrec(op);
  const rightAssoc = isRightAssoc(op);
  return `${expr(left, rightAssoc ? p + 1 : p, false)} ${op} ${expr(right, rightAssoc ? p : p + 1, open)}`;
}

function cond(c: Expr, then: Expr, otherwise: Expr, open: boolean): string {
  return `${expr(c, PREC.cond + 1, false)} ? ${printExpr(then)} : ${expr(otherwise, PREC.cond, open)}`;
}

const CHAR_ESCAPES: Record<number, string> = {
  10: '\\n', 9: '\\t', 13: '\\r', 0: '\\0', 92: '\\\\', 39: "\\'",
};

function printChar(value: number): string {
  const escaped = CHAR_ESCAPES[value];
  if (escaped !== undefined) return `'${escaped}'`;
  if (value >= 0x20 && value < 0x7f) return `'${String.fromCharCode(value)}'`;
  return `'\\x${value.toString(16).padStart(2, '0')}'`;
}
