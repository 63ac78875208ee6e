// What a proof rests on, in the editor (issue 25): above each check that holds (assert,
// ensures, invariant, a callee's requires at a call, a runtime check) a code lens "holds by
// lines 3, 7, 12", and on hover at the check the facts with their reasons. Read off the
// `proofs` of the document's last verification (engine/why/proofs.ts: minimal and sufficient
// sets from the solver), so they describe the saved text and go when it is edited.

import { MarkupKind, type CodeLens, type Hover, type Position } from 'vscode-languageserver';
import type { ProofReport } from '../engine/verify/report';

/** The lens's command: none of its own (a lens is a line of text); the hover tells more. */
const NO_COMMAND = '';

export function proofLenses(proofs: readonly ProofReport[] | undefined): CodeLens[] {
  return (proofs ?? []).map((p) => {
    const at = { line: p.line - 1, character: Math.max(0, p.column - 1) };
    return { range: { start: at, end: at }, command: { title: lensTitle(p), command: NO_COMMAND } };
  });
}

function lensTitle(p: ProofReport): string {
  const lines = [...new Set(p.dependsOn.map((d) => d.line))];
  const check = checkName(p.check);
  if (lines.length === 0) return `${check}: holds with no fact needed`;
  return `${check}: holds by line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}`;
}

/** A check named as its failure would be, without the failure's words: `invariant i <= n on entry`, not `… may not hold on entry`. */
function checkName(check: string): string {
  return check.replace(/ may not hold on entry$/, ' on entry').replace(/ may not be preserved$/, ' preserved');
}

/** The facts behind the checks on the hovered line, as Markdown; undefined when none holds there. */
function proofHover(proofs: readonly ProofReport[] | undefined, p: Position): string | undefined {
  const here = (proofs ?? []).filter((q) => q.line === p.line + 1);
  if (here.length === 0) return undefined;
  return here
    .map((q) => {
      const facts =
        q.dependsOn.length === 0
          ? ['- nothing: it holds whatever the path']
          : q.dependsOn.map((d) => `- line ${d.line}: ${d.reason}`);
      return [
        `**${q.check}** (${q.kind}) holds on ${q.paths} path${q.paths === 1 ? '' : 's'}; it rests on:`,
        ...facts,
      ].join('\n');
    })
    .join('\n\n');
}

/** A hover on a check that holds also says what it rests on (below the declaration's, if any). */
export function withProofs(h: Hover | null, proofs: readonly ProofReport[] | undefined, p: Position): Hover | null {
  const text = proofHover(proofs, p);
  if (!text) return h;
  if (!h) return { contents: { kind: MarkupKind.Markdown, value: text } };
  const before = typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
  return { ...h, contents: { kind: MarkupKind.Markdown, value: `${before}\n\n---\n${text}` } };
}
