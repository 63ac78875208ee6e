// A program with its synth functions replaced by plain functions whose bodies are the
// synthesised ones: the repaired program, which `symdap run` replays concretely and tests
// re-verify (substitute, then verify with the ordinary engine).

import type { SynthDecl } from '../../lang/ast';
import { printType } from '../../lang/printer';
import type { Span } from '../../lang/span';

export function substituteSynth(
  source: string,
  decls: readonly SynthDecl[],
  bodies: Readonly<Record<string, { body: string }>>,
): string {
  const starts = lineStarts(source);
  const offset = (line: number, col: number): number => starts[line - 1] + col - 1;
  const spans = [...decls].sort((a, b) => b.span.line - a.span.line || b.span.col - a.span.col);
  let out = source;
  for (const d of spans) {
    const body = bodies[d.name]?.body;
    if (body === undefined) continue;
    const params = d.params.map((p) => `${p.name}: ${printType(p.type)}`).join(', ');
    const text = `function ${d.name}(${params}): ${printType(d.result)} { ${body} }`;
    out = out.slice(0, offset(d.span.line, d.span.col)) + text + out.slice(endOffset(d.span, offset));
  }
  return out;
}

function endOffset(span: Span, offset: (line: number, col: number) => number): number {
  return offset(span.endLine, span.endCol);
}

function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') starts.push(i + 1);
  return starts;
}
