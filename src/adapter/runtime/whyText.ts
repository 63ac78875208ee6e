// The debugger's words for why (runtime/why.ts computes, this file says): a failure's class in
// one line for the exception text, as rows for the Why scope, and two paths' diff for `:diff`.

import type { Classification } from '../../engine/why/classify';
import type { PathDiff } from '../../engine/why/diff';
import { formatCounterexample } from '../../engine/state/counterexample';

/** The class in one line for the exception text: `real — input n = 3 replays it`. `u8`: the
 *  input names whose values are u8, shown as `98 'b'` as every counterexample is (u8Names). */
export function classLine(c: Classification, u8?: ReadonlySet<string>): string {
  if (c.class === 'real' && c.input && Object.keys(c.input).length > 0)
    return `real — input ${formatCounterexample(c.input, u8)} replays it (symdap run --inputs)`;
  if (c.class === 'spec-too-weak') return c.classNote.replace(/^specification too weak: /, 'spec too weak: ');
  return c.classNote;
}

/** The Why scope's rows: class, its sentence, the replaying input, the abstraction, the suggested fact. */
export function classRows(c: Classification, u8?: ReadonlySet<string>): { name: string; value: string }[] {
  const rows = [
    { name: 'class', value: c.class },
    { name: 'why', value: c.classNote },
  ];
  if (c.input) rows.push({ name: 'input', value: formatCounterexample(c.input, u8) || '(none)' });
  if (c.abstraction) {
    rows.push({ name: 'abstraction', value: `${c.abstraction.kind} at line ${c.abstraction.line}` });
    // A join's `forgot` reads "forgot x <= k + 2": the row's name says it already.
    rows.push({ name: 'forgot', value: c.abstraction.forgot.replace(/^forgot /, '') });
  }
  // The fact that closes the gap, confirmed by verifying again with it (engine/why/suggest.ts).
  if (c.suggestion) rows.push({ name: 'suggest', value: `${c.suggestion.clause} (at line ${c.suggestion.line})` });
  return rows;
}

/** The diff as text for the REPL's `:diff #a #b`. */
export function diffText(ids: readonly [number, number], d: PathDiff): string {
  const lines: string[] = [];
  lines.push(
    d.lastCommon
      ? `parted after line ${d.lastCommon.line ?? '?'}: ${d.lastCommon.text} (${d.shared} shared fact(s))`
      : 'no shared decision: the paths differ from their first fact',
  );
  const sides = [
    [ids[0], d.a],
    [ids[1], d.b],
  ] as const;
  for (const [id, s] of sides) {
    lines.push(`#${id}:`);
    for (const c of s.conditions) lines.push(`  took ${c.line !== undefined ? `line ${c.line}: ` : ''}${c.text}`);
    for (const l of s.locals) lines.push(`  ${l.name} = ${l.value}`);
    for (const ch of s.chunks) lines.push(`  holds ${ch}`);
    if (s.conditions.length + s.locals.length + s.chunks.length === 0) lines.push('  (nothing of its own)');
  }
  return lines.join('\n');
}
