// Fuzzing the front end: 2,000 random mutations of the samples (or of generated programs
// when there are few samples) must each give a program or diagnostics, never an exception.
// Each mutation goes through the parser alone and through loadSource (parser + checker).

import { sampleFiles } from '../support/samples';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/lang/lexer';
import { parse } from '../../src/lang/parser';
import { loadSource } from '../../src/lang/frontend';
import { generateProgram, Rng } from '../support/programGen';



function corpus(): string[] {
  const samples = sampleFiles().map((f) => readFileSync(f, 'utf8'));
  const generated = Array.from({ length: Math.max(0, 10 - samples.length) }, (_, i) => generateProgram(1000 + i).source);
  return [...samples, ...generated];
}

/** The source split into token texts and the gaps between them, so tokens can be edited. */
function pieces(source: string): string[] {
  const { tokens } = tokenize(source);
  const out: string[] = [];
  let at = 0;
  for (const t of tokens) {
    out.push(source.slice(at, t.offset), t.text);
    at = t.offset + t.text.length;
  }
  out.push(source.slice(at));
  return out;
}

const NOISE = ['#', '@', '\0', '\u00e9', "'", '/*', '"', '(', ')', '{', '}', ';', ':=', '-', '0x', '99999999999999999999'];

function mutate(source: string, rng: Rng): string {
  const parts = pieces(source);
  const tokenAt = (): number => 1 + 2 * rng.int(0, Math.max(0, (parts.length - 3) / 2));
  const edits = rng.int(1, 3);
  for (let e = 0; e < edits; e++) {
    const i = tokenAt();
    switch (rng.int(0, 4)) {
      case 0: parts[i] = ''; break;
      case 1: parts[i] = `${parts[i]} ${parts[i]}`; break;
      case 2: { const j = tokenAt(); [parts[i], parts[j]] = [parts[j], parts[i]]; break; }
      case 3: parts[i] = `${parts[i]}${rng.pick(NOISE)}`; break;
      default: {
        const text = parts.join('');
        const at = rng.int(0, text.length);
        return text.slice(0, at) + String.fromCharCode(rng.int(0, 255)) + text.slice(at);
      }
    }
  }
  return parts.join('');
}


describe('fuzzing the front end', () => {
  it('never throws on 2,000 mutated programs and always explains a rejection', async () => {
    const sources = corpus();
    const rng = new Rng(20240611);
    let rejected = 0;
    for (let n = 0; n < 2000; n++) {
      const mutated = mutate(rng.pick(sources), rng);
      const parsed = parse(mutated, 'fuzz.sym');
      expect(parsed.program !== undefined || parsed.diagnostics.length === 1, mutated).toBe(true);
      expect(parsed.diagnostics.filter((d) => d.message.startsWith('internal error')), mutated).toEqual([]);
      const loaded = loadSource(mutated, 'fuzz.sym');
      for (const d of loaded.diagnostics) {
        expect(d.span.line, mutated).toBeGreaterThanOrEqual(1);
        expect(d.message, mutated).not.toMatch(/internal error/);
      }
      if (parsed.program === undefined) rejected++;
    }
    // The mutations must actually exercise the error paths, not only valid programs.
    expect(rejected).toBeGreaterThan(500);
  });
});
