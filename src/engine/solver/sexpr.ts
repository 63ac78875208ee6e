// A small S-expression reader for z3's SMT-LIB2 answers: lists, atoms, |quoted| symbols
// (kept with their bars stripped) and "strings" ("" escapes a quote). Iterative, so deeply
// nested answers cannot overflow the stack.

export type SExpr = string | SExpr[];

export class SExprError extends Error {}

export function parseSExprs(text: string): SExpr[] {
  const top: SExpr[] = [];
  const open: SExpr[][] = [top];
  let i = 0;
  const current = (): SExpr[] => open[open.length - 1];
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === ';') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (c === '(') {
      const l: SExpr[] = [];
      current().push(l);
      open.push(l);
      i++;
      continue;
    }
    if (c === ')') {
      if (open.length === 1) throw new SExprError('unbalanced )');
      open.pop();
      i++;
      continue;
    }
    if (c === '|') {
      const end = text.indexOf('|', i + 1);
      if (end < 0) throw new SExprError('unterminated |symbol|');
      current().push(text.slice(i + 1, end));
      i = end + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let s = '';
      for (;;) {
        if (j >= text.length) throw new SExprError('unterminated string');
        if (text[j] === '"') {
          if (text[j + 1] === '"') {
            s += '"';
            j += 2;
            continue;
          }
          break;
        }
        s += text[j++];
      }
      current().push(`"${s}`); // a leading quote marks a string literal
      i = j + 1;
      continue;
    }
    let j = i;
    while (j < text.length && !/[\s()|";]/.test(text[j])) j++;
    current().push(text.slice(i, j));
    i = j;
  }
  if (open.length !== 1) throw new SExprError('unbalanced (');
  return top;
}

export function isStringLiteral(e: SExpr): e is string {
  return typeof e === 'string' && e.startsWith('"');
}

/** The contents of a string literal atom. */
export function stringValue(e: SExpr): string {
  return isStringLiteral(e) ? e.slice(1) : String(e);
}
