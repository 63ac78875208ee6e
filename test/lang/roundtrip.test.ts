// Round trip: printing a parsed program and parsing the text again gives the same tree
// (up to spans), for every sample and for 200 generated programs; printing is idempotent.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/lang/parser';
import { printProgram } from '../../src/lang/printer';
import { generateProgram } from '../support/programGen';
import { stripSpans } from '../support/stripSpans';

function symFiles(dir: string): string[] {
  let entries: string[];
  try { entries = readdirSync(dir); } catch { return []; }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return symFiles(path);
    return name.endsWith('.sym') ? [path] : [];
  });
}

function expectRoundTrip(source: string, file: string): void {
  const first = parse(source, file);
  expect(first.diagnostics, file).toEqual([]);
  const printed = printProgram(first.program!);
  const second = parse(printed, `${file} (printed)`);
  expect(second.diagnostics, printed).toEqual([]);
  expect(stripSpans(second.program), printed).toEqual(stripSpans(first.program));
  expect(printProgram(second.program!)).toBe(printed);
}

// A sample whose expected verdict is `error` may be meant not to parse; every other must.
const meantToFail = (source: string): boolean => /@expect\s+\S+\s+error\b/.test(source);
const samples = symFiles(join(__dirname, '../../samples')).filter((f) => {
  const source = readFileSync(f, 'utf8');
  return !meantToFail(source) || parse(source, f).program !== undefined;
});

describe('round trip of the samples', () => {
  it.each(samples.length > 0 ? samples : ['(no samples yet)'])('%s', (file) => {
    if (samples.length === 0) return;
    expectRoundTrip(readFileSync(file, 'utf8'), file);
  });
});

describe('round trip of generated programs', () => {
  it('200 random programs print and parse back to the same tree', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { source } = generateProgram(seed, { statements: 5 + (seed % 20) });
      expectRoundTrip(source, `gen-${seed}.sym`);
    }
  });
});
