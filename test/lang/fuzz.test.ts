// Fuzzing the front end: 2,000 random mutations of the samples (or of generated programs
// when there are few samples) must each give a program or diagnostics, never an exception.
// Each mutation goes through the parser alone and through loadSource (parser + checker).
// The heap samples get 1,000 more mutations with heap tokens spliced in; those that still
// check also run in the concrete interpreter (objects, null, functions), which must not throw.
// Mutated random heap programs (classes, acc, predicates, fold/unfold, unfolding, old,
// untouched spliced in) must give file:line:col errors, and those the front end accepts go
// through the symbolic engine's heap guard and, when it accepts them, the engine itself.

import { sampleFiles } from '../support/samples';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/lang/lexer';
import { parse } from '../../src/lang/parser';
import { loadSource } from '../../src/lang/frontend';
import { generateProgram, Rng } from '../support/programGen';
import { join } from 'node:path';
import { SAMPLES_DIR } from '../support/samples';
import { runConcrete } from '../../src/engine/concrete/interpreter';
import { resolveEntry } from '../../src/engine/verify/entry';
import { formatDiagnostic } from '../../src/lang/diagnostics';
import { symbolicHeapError } from '../../src/engine/rules/heap/heapGuard';
import { verifyProgram } from '../../src/engine/verify/verify';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import { generateHeapProgram } from '../engine/heapProgramGenerator';

function corpus(): string[] {
  const samples = sampleFiles().map((f) => readFileSync(f, 'utf8'));
  const generated = Array.from(
    { length: Math.max(0, 10 - samples.length) },
    (_, i) => generateProgram(1000 + i).source,
  );
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

const NOISE = [
  '#',
  '@',
  '\0',
  '\u00e9',
  "'",
  '/*',
  '"',
  '(',
  ')',
  '{',
  '}',
  ';',
  ':=',
  '-',
  '0x',
  '99999999999999999999',
];

const HEAP_NOISE = [
  '.',
  '.x',
  'acc(',
  'new',
  'new Cell',
  'null',
  'fold',
  'unfold',
  'unfolding',
  'in',
  'untouched(',
  'class',
  'predicate',
  'function',
  'valid(c)',
  '&&',
  '||',
  '!',
  '==>',
  'old(',
];

/** Heap syntax for generated programs (class Node, predicates over n: Node). */
const GENERATED_HEAP_NOISE = [
  ...HEAP_NOISE,
  '.val',
  '.next',
  'acc(p0.val)',
  'acc(n.next) &&',
  'new Node',
  'fold cell(p0);',
  'unfold pos(n);',
  'unfolding cell(n) in',
  'untouched(acc(a0.val))',
  'old(a0.val)',
  'ensures untouched(',
  'requires acc(',
  'class Node {',
  ': Node',
  // Added last: join formulas with permissions, conditional permissions, calls into fields.
  'join acc(p0.val);',
  'join;',
  'join acc(p0.val) && cell(p0) &&',
  'b0 ==> acc(',
  'b0 ? acc(p0.val) : acc(',
  'p0.val := h0(',
  'p0.val, v0 :=',
];

function mutate(source: string, rng: Rng, noise: readonly string[] = NOISE): string {
  const parts = pieces(source);
  const tokenAt = (): number => 1 + 2 * rng.int(0, Math.max(0, (parts.length - 3) / 2));
  const edits = rng.int(1, 3);
  for (let e = 0; e < edits; e++) {
    const i = tokenAt();
    switch (rng.int(0, 4)) {
      case 0:
        parts[i] = '';
        break;
      case 1:
        parts[i] = `${parts[i]} ${parts[i]}`;
        break;
      case 2: {
        const j = tokenAt();
        [parts[i], parts[j]] = [parts[j], parts[i]];
        break;
      }
      case 3:
        parts[i] = `${parts[i]}${rng.pick(noise)}`;
        break;
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
      expect(
        parsed.diagnostics.filter((d) => d.message.startsWith('internal error')),
        mutated,
      ).toEqual([]);
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

describe('fuzzing the heap syntax', () => {
  it('never throws on 1,000 mutated heap programs, in the front end and in concrete runs', () => {
    const sources = sampleFiles(join(SAMPLES_DIR, 'heap')).map((f) => readFileSync(f, 'utf8'));
    expect(sources.length).toBeGreaterThanOrEqual(8);
    const rng = new Rng(20261123);
    let rejected = 0;
    let ran = 0;
    for (let n = 0; n < 1000; n++) {
      const mutated = mutate(rng.pick(sources), rng, HEAP_NOISE);
      const loaded = loadSource(mutated, 'fuzz.sym');
      for (const d of loaded.diagnostics) {
        expect(d.span.line, mutated).toBeGreaterThanOrEqual(1);
        expect(d.message, mutated).not.toMatch(/internal error/);
      }
      if (!loaded.checked) {
        rejected++;
        continue;
      }
      const entry = resolveEntry(loaded.checked).proc;
      if (!entry) continue;
      const r = runConcrete(loaded.checked, entry, new Map(), { fuel: 20_000 });
      expect(['ok', 'failed', 'assumeFailed', 'outOfFuel', 'unsupported'], mutated).toContain(r.status);
      // A JavaScript error caught as 'unsupported' would be a bug in the interpreter.
      expect(r.message ?? '', mutated).not.toMatch(/Cannot read|is not a function|is not iterable|undefined/);
      ran++;
    }
    expect(rejected).toBeGreaterThan(300);
    expect(ran).toBeGreaterThan(50);
  });
});

/** Edits of whole lines (drop, duplicate, swap with the next, splice in heap syntax): mostly still parse, so the checker and the engine see them. */
function mutateLines(source: string, rng: Rng): string {
  const lines = source.split('\n');
  for (let e = rng.int(1, 2); e > 0; e--) {
    const i = rng.int(0, lines.length - 2);
    switch (rng.int(0, 3)) {
      case 0:
        lines.splice(i, 1);
        break;
      case 1:
        lines.splice(i, 0, lines[i]);
        break;
      case 2:
        [lines[i], lines[i + 1]] = [lines[i + 1], lines[i]];
        break;
      default:
        lines.splice(
          i,
          0,
          rng.pick([
            '  fold cell(p0);',
            '  unfold pos(a0);',
            '  p0.val := 1;',
            '  var q: Node := null;',
            '  assert untouched(acc(p0.val));',
            '  assert acc(p0.val) && p0.val > 0;',
            '  ensures old(a0.val) == 0',
            '  join acc(p0.val) && p0.val > 0;',
            '  join (b0 ==> acc(p0.flag)) && cell(p0);',
            '  join;',
            '  requires b0 ==> acc(a0.flag)',
            '  p0.val := h0(p0, p0);',
          ]),
        );
    }
  }
  return lines.join('\n');
}

describe('fuzzing generated heap programs through the front end, the heap guard and the engine', () => {
  it('never throws on 600 mutated heap programs; every error has file:line:col', async () => {
    const solver = new PipelineSolver(await Z3WasmBackend.create(), 1000);
    try {
      const rng = new Rng(20261124);
      const sources = Array.from(
        { length: 30 },
        (_, i) => generateHeapProgram(5000 + i, { statements: 10, joins: i % 2 === 0 }).source,
      );
      let rejected = 0;
      let guarded = 0;
      let verified = 0;
      for (let n = 0; n < 600; n++) {
        const source = rng.pick(sources);
        const mutated = rng.chance(0.5) ? mutate(source, rng, GENERATED_HEAP_NOISE) : mutateLines(source, rng);
        const loaded = loadSource(mutated, 'fuzz.sym');
        for (const d of loaded.diagnostics) {
          expect(formatDiagnostic(d), mutated).toMatch(/^fuzz\.sym:[1-9]\d*:[1-9]\d*: (error|warning): \S/);
          expect(d.message, mutated).not.toMatch(/internal error/);
        }
        if (!loaded.checked) {
          rejected++;
          continue;
        }
        const refused = symbolicHeapError(loaded.checked);
        if (refused) {
          expect(formatDiagnostic(refused), mutated).toMatch(
            /^fuzz\.sym:[1-9]\d*:[1-9]\d*: error: the symbolic engine does not support/,
          );
          guarded++;
          continue;
        }
        // The engine on what the guard accepts: a report, never an exception (a few, they cost solver calls).
        if (verified >= 120 || !resolveEntry(loaded.checked).proc) continue;
        const { report } = await verifyProgram(loaded.checked, solver, {
          mode: 'explore',
          loopBound: 2,
          recursionBound: 2,
        });
        expect(['verified', 'failed', 'unknown', 'bounded'], mutated).toContain(report.verdict);
        verified++;
      }
      expect(rejected).toBeGreaterThan(150);
      expect(verified).toBeGreaterThan(50);
      expect(guarded + verified + rejected).toBeLessThanOrEqual(600);
    } finally {
      solver.dispose();
    }
  }, 300_000);
});
