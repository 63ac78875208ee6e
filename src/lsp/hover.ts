// Hover: the declaration of the name under the cursor, with its type or signature and, for
// procedures and functions, their contracts (predicates: their body).

import { MarkupKind, type Hover, type Position } from 'vscode-languageserver';
import { spanToRange } from './analysis';
import { occurrenceAtPosition } from './navigation';
import type { SymbolIndex } from './symbolIndex';

export function hover(index: SymbolIndex | undefined, p: Position): Hover | null {
  const hit = occurrenceAtPosition(index, p);
  if (!hit) return null;
  const { def } = hit;
  const where = def.container && def.kind !== 'field' ? ` (${def.kind} of ${def.container})` : ` (${def.kind})`;
  const code = [def.signature, ...def.contracts.map((c) => `  ${c}`)].join('\n');
  return {
    contents: { kind: MarkupKind.Markdown, value: `\`\`\`sym\n${code}\n\`\`\`\n${where.trim()}` },
    range: spanToRange(hit.span),
  };
}
