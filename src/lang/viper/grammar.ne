# The Silver grammar (nearley) for the subset symdap reads, plus the forms it refuses by name
# (`acc` with an amount other than `write`). Compiled by `npm run grammar` into
# grammar.generated.ts. Binary operators form a flat chain resolved by precedence afterwards
# (chain.ts), so `unfolding … in e` and `let … in e` at the end of a chain extend as far right
# as possible without ambiguity. Lists are left-recursive. Statements may end with `;`.

@preprocessor typescript

@{%
import { viperGrammarLexer as lexer } from './lexer';
import * as a from './grammarActions';
import * as c from './grammarColl';
import * as g from './grammarGenerics';
import * as t from './grammarAdt';
import * as w from './grammarWand';
%}

@lexer lexer

Program      -> Decls                                   {% a.listArray %}
Decls        -> Decl                                    {% a.first %}
              | Decls Decl                              {% a.appendLast %}
Decl         -> Field {% id %} | Method {% id %} | Function {% id %} | Predicate {% id %} | Define {% id %}
              | Domain {% id %}
              | Adt {% id %}

# Domains (lowerDomain.ts): functions without bodies, unique constants, named and unnamed axioms.
Domain       -> "domain" %ident "{" DomainMembers "}"   {% a.domain %}
              | "domain" %ident "[" Idents "]" "{" DomainMembers "}"   {% g.genericDomain %}
DomainMembers -> null                                   {% a.emptyArray %}
              | DomainMembers DomainMember OptSemi      {% (d) => a.appendLast([d[0], d[1]]) %}
DomainMember -> "function" %ident DomainParams ":" Type       {% a.domainFunction %}
              | "unique" "function" %ident DomainParams ":" Type  {% a.uniqueDomainFunction %}
              | "axiom" %ident "{" Expr "}"             {% a.axiom %}
              | "axiom" "{" Expr "}"                    {% a.axiom %}
# A domain function's parameter may be a type alone: `function id(MyType): MyType`.
DomainParams -> "(" ")"                                 {% a.emptyArray %}
              | "(" DomainParamList ")"                 {% (d) => a.domainParams(d[1]) %}
DomainParamList -> DomainParam                          {% a.first %}
              | DomainParamList "," DomainParam         {% a.appendLast %}
DomainParam  -> Param                                   {% id %}
              | Type                                    {% (d) => ({ unnamed: d[0] }) %}

Field        -> "field" FieldList OptSemi               {% a.fields %}
FieldList    -> FieldName                               {% a.first %}
              | FieldList "," FieldName                 {% a.appendLast %}
FieldName    -> %ident ":" Type                         {% a.param %}
Method       -> "method" %ident Params Returns Specs OptBody   {% a.method %}
Returns      -> null                                    {% a.emptyArray %}
              | "returns" Params                        {% (d) => d[1] %}
OptBody      -> null                                    {% a.nothing %}
              | Block                                   {% id %}
Function     -> "function" %ident Params ":" Type Specs FnBody  {% a.functionDecl %}
FnBody       -> null                                    {% a.nothing %}
              | "{" Expr "}"                            {% (d) => d[1] %}
Predicate    -> "predicate" %ident Params FnBody        {% a.predicate %}
Define       -> "define" %ident DefParams DefBody       {% a.define %}
DefParams    -> null                                    {% a.nothing %}
              | "(" ")"                                 {% a.emptyArray %}
              | "(" Idents ")"                          {% (d) => d[1] %}
DefBody      -> Expr                                    {% id %}
              | Block                                   {% id %}
Idents       -> Ident                                   {% a.first %}
              | Idents "," Ident                        {% a.appendLast %}
Ident        -> %ident                                  {% a.ident %}

Params       -> "(" ")"                                 {% a.emptyArray %}
              | "(" ParamList ")"                       {% (d) => d[1] %}
ParamList    -> Param                                   {% a.first %}
              | ParamList "," Param                     {% a.appendLast %}
Param        -> %ident ":" Type                         {% a.param %}
Type         -> ("Int" | "Bool" | "Ref")                {% (d) => a.type(d[0][0]) %}
              | %ident                                  {% a.type %}
              | %ident "[" Types "]"                    {% g.genericType %}
Types        -> Type                                    {% a.first %}
              | Types "," Type                          {% a.appendLast %}
Specs        -> null                                    {% a.emptyArray %}
              | Specs Spec                              {% a.appendLast %}
Spec         -> ("requires" | "ensures") Expr OptSemi   {% a.spec %}
OptSemi      -> null | ";"

# ------------------------------------------------------------------ statements

Block        -> "{" Stmts "}"                           {% a.block %}
Stmts        -> null                                    {% a.emptyArray %}
              | Stmts Stmt OptSemi                      {% (d) => a.appendLast([d[0], d[1]]) %}
Stmt         -> "var" %ident ":" Type                   {% a.varDecl %}
              | "var" %ident ":" Type ":=" Expr         {% a.varDecl %}
              | %ident ":=" Expr                        {% a.assign %}
              | Postfix "." %ident ":=" Expr            {% a.fieldAssign %}
              | App ":=" Expr                           {% a.macroAssign %}
              | %ident ":=" "new" "(" "*" ")"           {% a.newAll %}
              | %ident ":=" "new" "(" ")"               {% a.newFields %}
              | %ident ":=" "new" "(" Idents ")"        {% a.newFields %}
              | Ident "," Idents ":=" App               {% a.callMany %}
              | App                                     {% a.callStmt %}
              | %ident                                  {% a.macroStmt %}
              | ("assert" | "assume" | "inhale" | "exhale" | "refute") Expr   {% a.simpleStmt %}
              | ("fold" | "unfold") Expr                {% a.foldStmt %}
              | "label" %ident Invariants               {% a.label %}
              | "quasihavoc" Expr                       {% a.quasihavoc %}
              | "package" Expr                          {% w.packageStmt %}
              | "package" Expr Block                    {% w.packageStmt %}
              | "apply" Expr                            {% w.applyStmt %}
              | "quasihavocall" ParamList "::" Expr     {% a.quasihavocall %}
              | "unreachable"                           {% a.unreachable %}
              | "goto" %ident                           {% a.gotoStmt %}
              | If                                      {% id %}
              | "while" "(" Expr ")" Invariants Block   {% a.whileStmt %}
              | Block                                   {% id %}
              | Define                                  {% id %}
Invariants   -> null                                    {% a.emptyArray %}
              | Invariants "invariant" Expr OptSemi     {% (d) => a.appendLast([d[0], d[2]]) %}
If           -> "if" "(" Expr ")" Block Else            {% a.ifStmt %}
Else         -> null                                    {% a.nothing %}
              | "else" Block                            {% (d) => d[1] %}
              | "elseif" "(" Expr ")" Block Else        {% a.elseIf %}

# ------------------------------------------------------------------ expressions

Expr         -> ChainEnd                                {% id %}
              | Links ChainEnd                          {% a.chain %}
ChainEnd     -> Unary                                   {% id %}
              | Tail                                    {% id %}
Links        -> Unary ChainOp                           {% a.firstLink %}
              | Links Unary ChainOp                     {% a.nextLink %}
ChainOp      -> BinOp                                   {% a.binOp %}
              | "?" Expr ":"                            {% a.condOp %}
              | "--*"                                   {% w.wandOp %}
BinOp        -> "<==>" | "==>" | "||" | "&&" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "+" | "-" | "*" | "/" | "\\" | "%"
Tail         -> "unfolding" Postfix "in" Expr           {% a.unfolding %}
              | "asserting" "(" Expr ")" "in" Expr      {% a.asserting %}
              | "let" %ident "==" "(" Expr ")" "in" Expr {% a.letExpr %}
              | ("forall" | "exists") ParamList "::" Triggers Expr {% a.quant %}
              | "forperm" ParamList "[" Expr "]" "::" Expr {% a.forperm %}
              | ("!") Tail                              {% a.unary %}
Triggers     -> null                                    {% a.emptyArray %}
              | Triggers "{" Exprs "}"                  {% a.triggers %}

Unary        -> Postfix                                 {% id %}
              | ("!" | "-" | "+") Unary                 {% a.unary %}
Postfix      -> Atom                                    {% id %}
              | Postfix "." %ident                      {% a.member %}
Atom         -> %int                                    {% a.intLit %}
              | ("true" | "false")                      {% (d) => a.boolLit(d[0][0]) %}
              | "null"                                  {% a.simple %}
              | "result"                                {% a.simple %}
              | "write"                                 {% a.writeAtom %}
              | %ident                                  {% a.varRef %}
              | App                                     {% id %}
              | "old" "(" Expr ")"                      {% a.old %}
              | "old" "[" %ident "]" "(" Expr ")"       {% a.oldAt %}
              | "(" Expr ")"                            {% a.paren %}
              | "(" Expr ":" Type ")"                   {% g.ascribe %}
              | "acc" "(" Expr ")"                      {% a.acc %}
              | "acc" "(" Expr "," Expr ")"             {% a.accAmount %}
# inhale-exhale assertions (perms, issue 24): `[A, B]`
              | "[" Expr "," Expr "]"                   {% a.inhaleExhale %}
App          -> %ident "(" ")"                          {% a.app %}
              | %ident "(" Exprs ")"                    {% a.app %}
Exprs        -> Expr                                    {% a.first %}
              | Exprs "," Expr                          {% a.appendLast %}

# ------------------------------------------------------------------ sets and sequences (grammarColl.ts)
# `Set(a, b)` and `Seq()` parse as App (lowerColl.ts tells them from functions); `|s|`, `s[i]`,
# slices, updates, ranges `[a..b)`, `Set[T]()`, and the operators in the chain (chain.ts).

Type         -> ("Set" | "Seq") "[" Type "]"                     {% c.collType %}
Atom         -> ("Set" | "Seq" | "Multiset") "[" Type "]" "(" ")"             {% c.typedLit %}
              | ("Set" | "Seq" | "Multiset") "[" Type "]" "(" Exprs ")"       {% c.typedLit %}
              | "|" Expr "|"                                     {% c.size %}
              | "[" Expr ".." Expr ")"                           {% c.range %}
Postfix      -> Postfix "[" Expr "]"                             {% c.at %}
              | Postfix "[" ".." Expr "]"                        {% c.take %}
              | Postfix "[" Expr ".." "]"                        {% c.drop %}
              | Postfix "[" Expr ".." Expr "]"                   {% c.slice %}
              | Postfix "[" Expr ":=" Expr "]"                   {% c.update %}
BinOp        -> "in" | "union" | "intersection" | "setminus" | "subset" | "++"

# ------------------------------------------------------------------ ADTs (grammarAdt.ts, adt.ts)
# `adt L[T] { Nil() Cons(x: T, tail: L[T]) }` (types with arguments `L[Int]` and ascriptions
# `(e: T)` are the generic domains' rules, grammarGenerics.ts);
# destructors `e.x` and discriminators `e.isNil` parse as field reads (adtExpr.ts tells them apart).

Adt          -> "adt" %ident AdtParams "{" AdtCtors "}"          {% t.adt %}
AdtParams    -> null                                             {% a.emptyArray %}
              | "[" Idents "]"                                   {% (d) => d[1] %}
AdtCtors     -> null                                             {% a.emptyArray %}
              | AdtCtors %ident Params OptSemi                   {% t.appendCtor %}
