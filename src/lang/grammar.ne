# The Sym grammar (nearley). Compiled by `npm run grammar` into grammar.generated.ts.
# It must stay unambiguous: parser.ts rejects any input with more than one parse.
# Binary operators form a flat chain resolved by precedence (operatorChain.ts); lists and
# else-if chains are left-recursive (right recursion costs Earley O(n²)); chains are built
# after the parse (deferred.ts); no rule is nullable.

@preprocessor typescript

@{%
import { grammarLexer as lexer } from './lexer';
import * as a from './grammarActions';
%}

@lexer lexer

Program      -> Decls                                   {% a.listArray %}
Decls        -> Decl                                    {% a.first %}
              | Decls Decl                              {% a.appendLast %}
Decl         -> Proc                                    {% id %}
              | VarDecl                                 {% id %}
              | Class                                   {% id %}
              | Predicate                               {% id %}
              | Function                                {% id %}
              | Synth                                   {% id %}

# ------------------------------------------------------------------ classes, predicates, functions

Class        -> "class" %ident "{" "}"                  {% a.classDecl %}
              | "class" %ident "{" Fields "}"           {% a.classDecl %}
Fields       -> Field                                   {% a.first %}
              | Fields Field                            {% a.appendLast %}
Field        -> "var" %ident ":" Type ";"               {% a.fieldDecl %}
Predicate    -> "predicate" %ident Params "{" Expr "}"  {% a.predicateDecl %}
Function     -> "function" %ident Params ":" Type "{" Expr "}"         {% a.functionDecl %}
              | "function" %ident Params ":" Type FnSpecs "{" Expr "}" {% a.functionDecl %}
FnSpecs      -> "requires" Expr                         {% (d) => a.first([d[1]]) %}
              | FnSpecs "requires" Expr                 {% a.appendLast %}

# ------------------------------------------------------------------ synthesised functions

# `grammar`, `depth` and `const` are identifiers matched by their text (contextual words);
# `const` in an alternative is an ordinary %ident the checker reads as the constant hole.
# A rule's right-hand side is one expression chain; its action splits it into alternatives
# at every top-level `|` (a `|` inside parentheses stays bitwise or).
Synth        -> "synth" %ident Params ":" Type "grammar" "{" Rules "}" "depth" %int ";"  {% a.synthDecl %}
Rules        -> Rule                                    {% a.first %}
              | Rules Rule                              {% a.appendLast %}
Rule         -> %ident ":" Type "::=" Expr ";"          {% a.synthRule %}

# ------------------------------------------------------------------ procedures

Proc         -> Signature Block                         {% a.proc %}
              | Signature Specs Block                   {% a.proc %}
Signature    -> "proc" %ident Params                    {% a.signature %}
              | "proc" %ident Params "returns" Params   {% a.signature %}
Params       -> "(" ")"                                 {% a.emptyArray %}
              | "(" ParamList ")"                       {% a.middleArray %}
ParamList    -> Param                                   {% a.first %}
              | ParamList "," Param                     {% a.appendLast %}
Param        -> %ident ":" Type                         {% a.param %}
Specs        -> Spec                                    {% a.first %}
              | Specs Spec                              {% a.appendLast %}
Spec         -> "requires" Expr                         {% a.spec %}
              | "ensures" Expr                          {% a.spec %}

# ------------------------------------------------------------------ types

Type         -> ScalarType                              {% id %}
              | Type "[" "]"                            {% a.arrayType %}
ScalarType   -> %typeName                               {% a.scalarType %}
              | %ident                                  {% a.classType %}

# ------------------------------------------------------------------ statements

Block        -> "{" "}"                                 {% a.block %}
              | "{" Stmts "}"                           {% a.block %}
Stmts        -> Stmt                                    {% a.first %}
              | Stmts Stmt                              {% a.appendLast %}
Stmt         -> VarDecl {% id %} | Assign {% id %} | CallAssign {% id %} | If {% id %} | While {% id %}
              | Assume {% id %} | Assert {% id %} | Join {% id %} | CallStmt {% id %} | Return {% id %}
              | Block {% id %} | Fold {% id %} | Label {% id %} | Refute {% id %}

VarDecl      -> "var" %ident ":" Type ";"               {% a.varDecl %}
              | "var" %ident ":" Type ":=" Init ";"     {% a.varDecl %}
              | "var" %ident ":=" Init ";"              {% a.varDecl %}
Init         -> Expr                                    {% id %}
              | "*"                                     {% a.havoc %}
Assign       -> LValue ":=" Init ";"                    {% a.assign %}
CallAssign   -> LValue "," LValues ":=" Call ";"        {% a.callAssign %}
LValues      -> LValue                                  {% a.first %}
              | LValues "," LValue                      {% a.appendLast %}
LValue       -> %ident                                  {% a.varRef %}
              | LValue "[" Expr "]"                     {% a.index %}
              | LValue "." %ident                       {% a.fieldTarget %}
If           -> IfChain "else" Block                    {% a.ifChain %}
              | IfChain                                 {% a.ifChain %}
IfChain      -> "if" "(" Expr ")" Block                 {% a.firstBranch %}
              | IfChain "else" "if" "(" Expr ")" Block  {% a.nextBranch %}
While        -> "while" "(" Expr ")" Block              {% a.whileStmt %}
              | "while" "(" Expr ")" Invariants Block   {% a.whileStmt %}
Invariants   -> "invariant" Expr                        {% (d) => a.first([d[1]]) %}
              | Invariants "invariant" Expr             {% a.appendLast %}
Assume       -> "assume" Expr ";"                       {% a.assume %}
Assert       -> "assert" Expr ";"                       {% a.assert %}
# `refute φ;` holds when some path reaches it with φ possibly false (engine/rules/refute.ts).
Refute       -> "refute" Expr ";"                       {% a.refute %}
Join         -> "join" ";"                              {% a.join %}
              | "join" Expr ";"                         {% a.join %}
CallStmt     -> Call ";"                                {% a.callStmt %}
Return       -> "return" ";"                            {% a.ret %}
              | "return" Expr ";"                       {% a.ret %}
# The Call must name a predicate (the checker says so otherwise).
Fold         -> ("fold" | "unfold") Call ";"            {% (d) => a.fold([d[0][0], d[1], d[2]]) %}
              | ("fold" | "unfold") "acc" "(" Call "," Expr ")" ";" {% (d) => a.foldPart([d[0][0], ...d.slice(1)]) %}
# Labels and old[l] (engine/rules/labels.ts).
Label        -> "label" %ident ";"                      {% a.label %}

# ------------------------------------------------------------------ expressions

# An expression is a chain `operand (op operand)*` whose last operand may be a quantifier
# (its body extends as far right as possible). `? e :` is one infix operator of the chain.
Expr         -> ChainEnd                                {% id %}
              | Links ChainEnd                          {% a.chain %}
ChainEnd     -> Operand                                 {% id %}
              | Quant                                   {% id %}
              | Unfolding                               {% id %}
Links        -> Operand ChainOp                         {% a.firstLink %}
              | Links Operand ChainOp                   {% a.nextLink %}
ChainOp      -> %binop                                  {% a.binOp %}
              | "?" Expr ":"                            {% a.condOp %}

Quant        -> ("forall" | "exists") Binders "::" Expr {% (d) => a.quant([d[0][0], d[1], d[2], d[3]]) %}
Binders      -> Binder                                  {% a.first %}
              | Binders "," Binder                      {% a.appendLast %}
Binder       -> %ident ":" Type                         {% a.binder %}

# Like a quantifier, the body of `unfolding` extends as far right as possible.
Unfolding    -> "unfolding" Call "in" Expr              {% a.unfolding %}
              | "unfolding" "acc" "(" Call "," Expr ")" "in" Expr {% a.unfoldingPart %}

# `e as T` binds tighter than every binary operator and looser than the prefix operators.
Operand      -> Unary                                   {% id %}
              | Operand "as" Type                       {% a.cast %}

# A minus sign directly before an integer literal makes a negative literal; the NoLit
# variants keep `- 5` from also parsing as a negation of the literal `5`.
Unary        -> Postfix                                 {% id %}
              | Prefixed                                {% id %}
Prefixed     -> "-" %int                                {% a.negLit %}
              | "-" NonLitUnary                         {% a.unary %}
              | "!" Unary                               {% a.unary %}
              | "~" Unary                               {% a.unary %}
NonLitUnary  -> PostfixNoLit                            {% id %}
              | Prefixed                                {% id %}
Postfix      -> %int                                    {% a.intLit %}
              | PostfixNoLit                            {% id %}
PostfixNoLit -> Atom                                    {% id %}
              | Postfix "[" Expr "]"                    {% a.index %}
              | Postfix "." %ident                      {% a.member %}

Atom         -> %char                                   {% a.charLit %}
              | ("true" | "false")                      {% (d) => a.boolLit(d[0]) %}
              | %ident                                  {% a.varRef %}
              | Call                                    {% id %}
              | %typeName "(" Exprs ")"                 {% a.call %}
              | "old" "(" Expr ")"                      {% a.old %}
              | "old" "[" %ident "]" "(" Expr ")"       {% a.oldAt %}
              | "(" Expr ")"                            {% a.paren %}
              | "[" "]"                                 {% a.emptyArrayLit %}
              | "[" Exprs "]"                           {% a.arrayLit %}
              | "null"                                  {% a.nullLit %}
              | "new" %ident                            {% a.newObject %}
              | "acc" "(" Expr ")"                      {% a.acc %}
              | "acc" "(" Expr "," Expr ")"             {% a.accAmount %}
              | "untouched" "(" Expr ")"                {% a.untouched %}
Call         -> %ident "(" ")"                          {% a.call %}
              | %ident "(" Exprs ")"                    {% a.call %}
Exprs        -> Expr                                    {% a.first %}
              | Exprs "," Expr                          {% a.appendLast %}
