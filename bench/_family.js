// Issue 28: the n-ifs family with random comparison operators and constants instead of one
// hand-picked shape. A variant is a list of n branch conditions `x_i OP c_i`: one variant per
// operator (==, !=, <, <=, >, >= with random constants) and two mixing operators, all from a
// fixed seed, so every run measures the same programs. The same conditions in Sym and WhyML.
'use strict';

const OPS = ['==', '!=', '<', '<=', '>', '>='];
const WHYML_OP = { '==': '=', '!=': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };

/** xorshift32: reproducible "random" numbers in [0, 1). */
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x100000000;
  };
}

/** The variants of an n-ifs row: [{ name, conds: [{ op, c }] }]. */
function variants(n, seed = 28) {
  const next = rng(seed + n);
  const constant = () => Math.floor(next() * 21) - 10;
  const pick = () => OPS[Math.floor(next() * OPS.length)];
  const single = OPS.map((op) => ({
    name: `x ${op} c`,
    conds: Array.from({ length: n }, () => ({ op, c: constant() })),
  }));
  const mixed = [1, 2].map((k) => ({
    name: `mixed ${k}`,
    conds: Array.from({ length: n }, () => ({ op: pick(), c: constant() })),
  }));
  return [...single, ...mixed];
}

/** Sym: `if (x_i OP c_i) { s := s + 1; }`, then `after(i + 1)` (a join), then `assert s <= n`. */
function sym(conds, after) {
  const n = conds.length;
  const params = conds.map((_, i) => `x${i}: int`).join(', ');
  const body = conds
    .map(({ op, c }, i) => `  if (x${i} ${op} ${c}) { s := s + 1; }\n${after ? `  ${after(i + 1)}\n` : ''}`)
    .join('');
  return `proc main(${params}) {\n  var s: int := 0;\n${body}  assert s <= ${n};\n}\n`;
}

/** WhyML, same logic: `join φ` as an abstract block with postcondition φ, `join;` as the
 *  exact merge written as an expression (see why3.js). */
function whyml(conds, phi) {
  const n = conds.length;
  const params = conds.map((_, i) => `x${i}`).join(' ');
  const test = ({ op, c }, i) => `x${i} ${WHYML_OP[op]} ${c < 0 ? `(${c})` : c}`;
  const body = conds
    .map((cond, i) =>
      phi
        ? `  begin ensures { !s >= 0 /\\ !s <= ${i + 1} } if ${test(cond, i)} then s := !s + 1 end;\n`
        : `  s := !s + (if ${test(cond, i)} then 1 else 0);\n`,
    )
    .join('');
  return `module M\nuse int.Int\nuse ref.Ref\nlet main [@vc:sp] (${params}: int) : unit =\n  let s = ref 0 in\n${body}  assert { !s <= ${n} }\nend\n`;
}

module.exports = { variants, sym, whyml, OPS, rng };
