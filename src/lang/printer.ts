// The Sym pretty printer: canonical source text for an AST (2-space indentation, one
// statement per line, minimal parentheses). parse(printProgram(p)) equals p up to spans.

import type {
  Coll,
  SynthDecl,
  BinaryOp,
  Block,
  ClassDecl,
  Expr,
  ForpermResource,
  FunctionDecl,
  If,
  Param,
  PredicateDecl,
  Proc,
  Program,
  Stmt,
  TopDecl,
  UnaryOp,
  VarDecl,
  While,
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
    case 'proc':
      return printProc(d);
    case 'varDecl':
      return `${printStmt(d)}\n`;
    case 'class':
      return printClass(d);
    case 'predicate':
      return printPredicate(d);
    case 'function':
      return printFunction(d);
    case 'synth':
      return printSynth(d);
    case 'axiom':
      return `// axiom ${d.name} (a Viper domain's): ${printExpr(d.body)}\n`;
  }
}

function printSynth(f: SynthDecl): string {
  const rules = f.rules.map(
    (r) => `${INDENT}${INDENT}${r.name}: ${printType(r.type)} ::= ${r.alts.map(printAlternative).join(' | ')};`,
  );
  return `synth ${f.name}${printParams(f.params)}: ${printType(f.result)}
${INDENT}grammar {
${rules.join('\n')}
${INDENT}}
${INDENT}depth ${f.depth};
`;
}

/** An alternative with a bitwise `|` in it is parenthesized whole, so it is not split again. */
function printAlternative(e: Expr): string {
  const text = printExpr(e);
  return hasBitOr(e) ? `(${text})` : text;
}

function hasBitOr(e: Expr): boolean {
  switch (e.kind) {
    case 'binary':
      return e.op === '|' || hasBitOr(e.left) || hasBitOr(e.right);
    case 'unary':
      return hasBitOr(e.operand);
    case 'cond':
      return hasBitOr(e.cond) || hasBitOr(e.then) || hasBitOr(e.otherwise);
    case 'cast':
      return hasBitOr(e.expr);
    default:
      return false;
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
  const posts = (f.ensures ?? []).map((e) => `\n${INDENT}ensures ${printExpr(e)}`).join('');
  // An abstract function (Viper's) has no Sym syntax: printed as a declaration without a body.
  if (f.body === undefined) return `${head}${specs}${posts};\n`;
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

/** A piece of statement output: text, or a statement / block still to print at an indentation level. */
type StmtPiece =
  string | { readonly stmt: Stmt; readonly indent: number } | { readonly block: Block; readonly indent: number };

/**
 * Statements print from an explicit stack of pieces, like expressions below: blocks nested
 * to any depth (ASTs built in code are not limited to the parser's 500 levels) never
 * recurse on the call stack.
 */
function emitStmts(first: StmtPiece): string {
  const out: string[] = [];
  const stack: StmtPiece[] = [first];
  while (stack.length > 0) {
    const p = stack.pop() as StmtPiece;
    const pieces =
      typeof p === 'string' ? undefined : 'stmt' in p ? stmtPieces(p.stmt, p.indent) : blockPieces(p.block, p.indent);
    if (!pieces) out.push(p as string);
    else for (let i = pieces.length - 1; i >= 0; i--) stack.push(pieces[i]);
  }
  return out.join('');
}

/** One statement at the given indentation level (in steps of two spaces), without a final newline. */
export function printStmt(s: Stmt, indent = 0): string {
  return emitStmts({ stmt: s, indent });
}

function printBlock(b: Block, indent: number): string {
  return emitStmts({ block: b, indent });
}

function stmtPieces(s: Stmt, indent: number): StmtPiece[] {
  const pad = INDENT.repeat(indent);
  switch (s.kind) {
    case 'varDecl':
      return [pad + printVarDecl(s)];
    case 'assign':
      return [`${pad}${printExpr(s.target)} := ${printInit(s.value)};`];
    case 'callAssign':
      return [`${pad}${s.targets.map((t) => printExpr(t)).join(', ')} := ${printExpr(s.call)};`];
    case 'if':
      return [pad, ...ifPieces(s, indent)];
    case 'while':
      return [pad, ...whilePieces(s, indent)];
    case 'assume':
      return [`${pad}assume ${printExpr(s.cond)};`];
    case 'assert':
      return [`${pad}assert ${printExpr(s.cond)};`];
    case 'join':
      return [s.cond === undefined ? `${pad}join;` : `${pad}join ${printExpr(s.cond)};`];
    case 'callStmt':
      return [`${pad}${printExpr(s.call)};`];
    case 'return':
      return [s.value === undefined ? `${pad}return;` : `${pad}return ${printExpr(s.value)};`];
    case 'block':
      return [pad, { block: s, indent }];
    case 'fold':
    case 'unfold':
      return [
        s.amount
          ? `${pad}${s.kind} acc(${printExpr(s.pred)}, ${printExpr(s.amount)});`
          : `${pad}${s.kind} ${printExpr(s.pred)};`,
      ];
    case 'label':
      return [`${pad}label ${s.name};`];
    case 'quasihavoc': {
      const binders = s.vars ? `all ${s.vars.map((v) => `${v.name}: ${printType(v.type)}`).join(', ')} ::` : '';
      return [`${pad}quasihavoc${binders} ${s.cond ? printExpr(s.cond) + ' ==> ' : ''}${printExpr(s.target)};`];
    }
    case 'refute':
      return [`${pad}refute ${printExpr(s.cond)};`];
    case 'break':
      return [`${pad}break;`];
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
function blockPieces(b: Block, indent: number): StmtPiece[] {
  if (b.stmts.length === 0) return ['{\n' + `${INDENT.repeat(indent)}}`];
  const inner = b.stmts.flatMap((s, i): StmtPiece[] =>
    i === 0 ? [{ stmt: s, indent: indent + 1 }] : ['\n', { stmt: s, indent: indent + 1 }],
  );
  return ['{\n', ...inner, `\n${INDENT.repeat(indent)}}`];
}

/** An if statement and its `else if` chain, in a loop: chains can be thousands of branches long. */
function ifPieces(s: If, indent: number): StmtPiece[] {
  const parts: StmtPiece[] = [];
  for (let branch: If | Block | undefined = s; branch !== undefined;) {
    if (parts.length > 0) parts.push(' else ');
    if (branch.kind === 'block') {
      parts.push({ block: branch, indent });
      break;
    }
    parts.push(`if (${printExpr(branch.cond)}) `, { block: branch.then, indent });
    branch = branch.otherwise;
  }
  return parts;
}

function whilePieces(s: While, indent: number): StmtPiece[] {
  const head = `while (${printExpr(s.cond)})`;
  if (s.invariants.length === 0) return [`${head} `, { block: s.body, indent }];
  const pad = INDENT.repeat(indent);
  const invariants = s.invariants.map((e) => `${pad}${INDENT}invariant ${printExpr(e)}`).join('\n');
  return [`${head}\n${invariants}\n${pad}`, { block: s.body, indent }];
}

// ---------------------------------------------------------------- expressions

/** A piece of output: text, or an expression to print where it must bind at least as tightly as `min`. */
type Piece = string | { readonly e: Expr; readonly min: number; readonly open: boolean };

const part = (e: Expr, min: number, open: boolean): Piece => ({ e, min, open });
const whole = (e: Expr): Piece => part(e, 0, true);

/**
 * Source text of an expression. Produced left to right from an explicit stack of pieces, so
 * expressions of any depth and length print without recursion, in time linear in the text.
 * With `maxLength` (for messages) the text stops there and ends with `…`.
 */
export function printExpr(e: Expr, maxLength = Infinity): string {
  const out: string[] = [];
  let length = 0;
  const stack: Piece[] = [whole(e)];
  while (stack.length > 0) {
    const p = stack.pop() as Piece;
    if (typeof p === 'string') {
      out.push(p);
      length += p.length;
      if (length > maxLength) return `${out.join('').slice(0, maxLength)}…`;
      continue;
    }
    const pieces = expand(p.e, p.min, p.open);
    for (let i = pieces.length - 1; i >= 0; i--) stack.push(pieces[i]);
  }
  return out.join('');
}

/** How tightly `e` binds as written (a negative literal is a prefix expression). */
function precOf(e: Expr): number {
  switch (e.kind) {
    case 'binary':
      return binaryPrec(e.op);
    case 'cond':
      return PREC.cond;
    case 'cast':
      return PREC.cast;
    case 'unary':
      return PREC.unary;
    case 'intLit':
      return e.value < 0n ? PREC.unary : PREC.postfix;
    default:
      return PREC.postfix;
  }
}

/**
 * `e` where it must bind at least as tightly as `min`. `open` says nothing follows it up to
 * the end of the enclosing bracket, so a quantifier there needs no parentheses.
 */
function expand(e: Expr, min: number, open: boolean): Piece[] {
  // A quantifier reaches as far right as it can, so it only needs room to its right.
  const bare = e.kind === 'quant' || e.kind === 'unfolding' ? open : precOf(e) >= min;
  const pieces = bareExpr(e, bare ? open : true);
  return bare ? pieces : ['(', ...pieces, ')'];
}

function list(es: readonly Expr[]): Piece[] {
  return es.flatMap((x, i) => (i === 0 ? [whole(x)] : [', ', whole(x)]));
}

/** A forperm's resource: `x.f` (x its binder) or `P(args)`. */
const resourceParts = (r: ForpermResource, x: string): Piece[] =>
  r.kind === 'field' ? [`${x}.${r.field}`] : [`${r.predicate}(`, ...list(r.args), ')'];

function bareExpr(e: Expr, open: boolean): Piece[] {
  switch (e.kind) {
    case 'intLit':
      return [e.value.toString()];
    case 'boolLit':
      return [String(e.value)];
    case 'charLit':
      return [printChar(e.value)];
    case 'var':
      return [e.name];
    case 'arrayLit':
      return ['[', ...list(e.elems), ']'];
    case 'call':
      return [`${e.callee}(`, ...list(e.args), ')'];
    case 'domainApp':
      return [`${e.name}(`, ...list(e.args), ')'];
    case 'old':
      return [e.label === undefined ? 'old(' : `old[${e.label}](`, whole(e.expr), ')'];
    case 'index':
      return [part(e.array, PREC.postfix, false), '[', whole(e.index), ']'];
    case 'length':
      return [part(e.array, PREC.postfix, false), '.length'];
    case 'cast':
      return [part(e.expr, PREC.cast, false), ` as ${printType(e.type)}`];
    case 'unary':
      return [e.op, ...unaryOperand(e.op, e.operand)];
    case 'binary':
      return binary(e.op, e.left, e.right, open);
    case 'cond':
      return [part(e.cond, PREC.cond + 1, false), ' ? ', whole(e.then), ' : ', part(e.otherwise, PREC.cond, open)];
    case 'quant':
      return [
        `${e.quantifier} ${e.vars.map((v) => `${v.name}: ${printType(v.type)}`).join(', ')}`,
        ...(e.resource ? [' [', ...resourceParts(e.resource, e.vars[0]?.name ?? ''), ']'] : []),
        ' :: ',
        whole(e.body),
      ];
    case 'field':
      return [part(e.object, PREC.postfix, false), `.${e.field}`];
    case 'null':
      return ['null'];
    case 'new':
      return [`new ${e.className}`];
    case 'acc':
      return e.amount ? ['acc(', whole(e.target), ', ', whole(e.amount), ')'] : ['acc(', whole(e.target), ')'];
    case 'untouched':
      return ['untouched(', whole(e.body), ')'];
    case 'unfolding':
      return e.amount
        ? ['unfolding acc(', whole(e.pred), ', ', whole(e.amount), ') in ', whole(e.body)]
        : ['unfolding ', whole(e.pred), ' in ', whole(e.body)];
    case 'inhaleExhale':
      return ['[', whole(e.inhale), ', ', whole(e.exhale), ']'];
    case 'asserting':
      return ['asserting (', whole(e.assertion), ') in ', whole(e.body)];
    case 'coll':
      return collPieces(e);
  }
}

/** A set or sequence operation in Viper's notation; infix ones parenthesized whole. */
function collPieces(e: Coll): Piece[] {
  const [a, b, c] = e.args.map(whole);
  switch (e.op) {
    case 'setLit':
    case 'seqLit': {
      const name = e.op === 'setLit' ? 'Set' : 'Seq';
      return e.args.length === 0 && e.elem ? [`${name}[${printType(e.elem)}]()`] : [`${name}(`, ...list(e.args), ')'];
    }
    case 'size':
      return ['|', a, '|'];
    case 'at':
      return ['(', a, ')[', b, ']'];
    case 'take':
      return ['(', a, ')[..', b, ']'];
    case 'drop':
      return ['(', a, ')[', b, '..]'];
    case 'range':
      return ['[', a, '..', b, ')'];
    case 'update':
      return ['(', a, ')[', b, ' := ', c, ']'];
    case 'concat':
      return ['(', a, ' ++ ', b, ')'];
    default:
      return ['(', a, ` ${e.op} `, b, ')'];
  }
}

/**
 * A prefix operand; `-(5)` keeps a negation of a literal apart from the literal `-5`, and
 * `-(-x)` keeps two minus signs from reading as one token.
 */
function unaryOperand(op: UnaryOp, operand: Expr): Piece[] {
  const startsWithMinus =
    (operand.kind === 'unary' && operand.op === '-') || (operand.kind === 'intLit' && operand.value < 0n);
  const needsParens = startsWithMinus || (op === '-' && operand.kind === 'intLit');
  return needsParens ? ['(', whole(operand), ')'] : [part(operand, PREC.unary, false)];
}

function binary(op: BinaryOp, left: Expr, right: Expr, open: boolean): Piece[] {
  const p = binaryPrec(op);
  const rightAssoc = isRightAssoc(op);
  return [part(left, rightAssoc ? p + 1 : p, false), ` ${op} `, part(right, rightAssoc ? p : p + 1, open)];
}

const CHAR_ESCAPES: Record<number, string> = {
  10: '\\n',
  9: '\\t',
  13: '\\r',
  0: '\\0',
  92: '\\\\',
  39: "\\'",
};

function printChar(value: number): string {
  const escaped = CHAR_ESCAPES[value];
  if (escaped !== undefined) return `'${escaped}'`;
  if (value >= 0x20 && value < 0x7f) return `'${String.fromCharCode(value)}'`;
  return `'\\x${value.toString(16).padStart(2, '0')}'`;
}
