// `symdap/heapGraph` (issue 27) against the Heap scope, on every heap sample: stepping through
// each program, at every stop and for every frame of the stack, the graph holds exactly the
// chunks the scope lists (same names, same values), the scope's aliases (`(also d.x)`) are the
// object's names, folded predicates are groups, the missing chunk of a permission failure is
// marked with the scope's explanation; and the solver's may-alias edge where terms cannot tell.

import * as fs from 'node:fs';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { openSession, sample, writeProgram, type Harness } from './sessionHarness';
import type { HeapGraph } from '../../src/ui/heap/model';
import { LOCALS } from '../support/heapLocalsProgram';

let h: Harness;
beforeEach(async () => {
  h = await openSession();
});
afterEach(async () => {
  await h.close();
});

const SAMPLES = fs
  .readdirSync(sample('heap'))
  .filter((f) => f.endsWith('.sym'))
  .sort();
const MAX_STOPS = 60;

/** The graph without positions (`layout: false`): the facts compared here; test/ui/heap-graph-placed.test.ts checks the positions. */
async function graphOf(frameId: number): Promise<HeapGraph> {
  const r = await h.dc.customRequest('symdap/heapGraph', { frameId, layout: false });
  return r.body as HeapGraph;
}

async function heapScope(frameId: number): Promise<DebugProtocol.Variable[]> {
  const scopes = await h.dc.scopesRequest({ frameId });
  const s = scopes.body.scopes.find((x) => x.name === 'Heap');
  if (!s) return [];
  return (await h.dc.variablesRequest({ variablesReference: s.variablesReference })).body.variables;
}

/** The Heap scope's field rows as `acc(c.x) ↦ value`, alias notes split off. */
function scopeFacts(rows: DebugProtocol.Variable[]): {
  fields: string[];
  preds: string[];
  aliases: string[];
  missing?: string;
  explanation?: string;
} {
  const fields: string[] = [],
    preds: string[] = [],
    aliases: string[] = [];
  let missing: string | undefined, explanation: string | undefined;
  for (const r of rows) {
    if (r.name.startsWith('✗ missing ')) {
      missing = r.name.slice('✗ missing '.length);
      explanation = r.value;
      continue;
    }
    if (r.name === 'old heap' || r.name === '(empty)') continue;
    if (r.value === 'folded predicate') {
      preds.push(r.name);
      continue;
    }
    const m = /^(.*?)(?: \(also (.*)\))?$/.exec(r.value)!;
    fields.push(`${r.name} ↦ ${m[1]}`);
    if (m[2]) aliases.push(`${r.name}: ${m[2]}`);
  }
  return { fields, preds, aliases, missing, explanation };
}

/** The same facts read from the graph (held chunks only, top level: the scope lists folded ones under their predicate). */
function graphFacts(g: HeapGraph): ReturnType<typeof scopeFacts> {
  const fields: string[] = [],
    aliases: string[] = [];
  for (const o of g.objects) {
    for (const f of o.fields) {
      if (f.status !== 'held' || f.group !== undefined) continue;
      fields.push(`${f.chunk} ↦ ${f.value}`);
      if (o.names.length > 1)
        aliases.push(
          `${f.chunk}: ${o.names
            .slice(1)
            .map((n) => `${n}.${f.name}`)
            .join(', ')}`,
        );
    }
  }
  const preds = g.groups.filter((x) => x.status === 'held' && !x.nested).map((x) => x.name);
  return { fields, preds, aliases, missing: g.failure?.missing, explanation: g.failure?.explanation };
}

async function compareAt(threadId: number): Promise<number> {
  const frames = (await h.dc.stackTraceRequest({ threadId })).body.stackFrames.filter(
    (f) => f.presentationHint !== 'label',
  );
  let compared = 0;
  for (const f of frames) {
    const rows = await heapScope(f.id);
    if (rows.length === 0) continue;
    const g = await graphOf(f.id);
    const s = scopeFacts(rows),
      k = graphFacts(g);
    expect(k.fields.sort(), `fields at line ${f.line} (${f.name})`).toEqual(s.fields.sort());
    expect(k.preds.sort(), `predicates at line ${f.line}`).toEqual(s.preds.sort());
    expect(k.aliases.sort(), `aliases at line ${f.line}`).toEqual(s.aliases.sort());
    if (f === frames[0]) {
      expect(k.missing, `missing chunk at line ${f.line}`).toBe(s.missing);
      expect(k.explanation).toBe(s.explanation);
    }
    compared++;
  }
  return compared;
}

/** Steps the first thread through the program (into calls), comparing at every stop. */
async function walk(program: string): Promise<{ stops: number; failures: HeapGraph[] }> {
  let stopped = h.dc.waitForEvent('stopped');
  const ended = Promise.race([h.dc.waitForEvent('terminated', 120_000), new Promise<never>(() => undefined)]).then(
    () => 'ended' as const,
  );
  await Promise.all([h.dc.configurationSequence(), h.dc.launch({ program, stopOnEntry: true })]);
  const failures: HeapGraph[] = [];
  let stops = 0;
  for (let i = 0; i < MAX_STOPS; i++) {
    const ev = await Promise.race([stopped, ended]);
    if (ev === 'ended') break;
    const threadId = (ev as DebugProtocol.StoppedEvent).body.threadId!;
    stops += await compareAt(threadId);
    if ((ev as DebugProtocol.StoppedEvent).body.reason === 'exception') {
      const top = (await h.dc.stackTraceRequest({ threadId })).body.stackFrames[0];
      failures.push(await graphOf(top.id));
    }
    stopped = h.dc.waitForEvent('stopped');
    const r = await h.dc.stepInRequest({ threadId }).catch(() => undefined);
    if (!r) break;
  }
  return { stops, failures };
}

test.each(SAMPLES)(
  "heap/%s: the graph has the Heap scope's chunks, values, predicates, aliases and missing chunk",
  async (name) => {
    const { stops } = await walk(sample(`heap/${name}`));
    expect(stops).toBeGreaterThan(0);
  },
  240_000,
);

test("alias.sym: the missing chunk of setBoth(c, d) is marked on c's object, with the explanation", async () => {
  const { failures } = await walk(sample('heap/alias.sym'));
  const g = failures.find((x) => x.failure?.kind === 'permission');
  expect(g).toBeDefined();
  expect(g!.failure!.explanation).toBeTruthy();
  const marked = g!.objects.flatMap((o) =>
    o.fields.filter((f) => f.status === 'missing').map((f) => `${o.names.join('/')}.${f.name}`),
  );
  expect(marked.length).toBe(1);
}, 240_000);

const MAYBE = `class Cell { var x: int; var y: int; }
proc two(a: Cell, b: Cell)
  requires acc(a.x) && acc(b.y)
  ensures acc(a.x) && acc(b.y)
{
  a.x := 1;
  b.y := 2;
}
proc main() {
  var c: Cell := new Cell;
  two(c, c);
}
`;

test('two inputs the terms cannot tell apart: a dashed may-alias edge with its condition, from the solver', async () => {
  const file = writeProgram('maybe-alias.sym', MAYBE);
  const stopped = h.dc.waitForEvent('stopped');
  await Promise.all([
    h.dc.configurationSequence(),
    h.dc.launch({ program: file, entry: 'two', mode: 'modular', stopOnEntry: true }),
  ]);
  const ev = (await stopped) as DebugProtocol.StoppedEvent;
  const top = (await h.dc.stackTraceRequest({ threadId: ev.body.threadId! })).body.stackFrames[0];
  const g = await graphOf(top.id);
  const a = g.objects.find((o) => o.names.includes('a'))!,
    b = g.objects.find((o) => o.names.includes('b'))!;
  expect(a.id).not.toBe(b.id);
  const may = g.edges.filter(
    (e) => e.kind === 'mayAlias' && [e.from, e.to].sort().join() === [a.id, b.id].sort().join(),
  );
  expect(may).toEqual([
    expect.objectContaining({ condition: expect.stringMatching(/^(a == b|b == a)$/), verdict: 'satisfiable' }),
  ]);
  expect(a.className).toBe('Cell');
}, 60_000);

test("local array variables: a row of cells each, the Locals scope's elements, bit-vectors in their type's notation", async () => {
  const file = writeProgram('locals.sym', LOCALS);
  const stopped = h.dc.waitForEvent('stopped');
  // It stops at the failing assert (line 9): every local is set.
  await Promise.all([h.dc.configurationSequence(), h.dc.launch({ program: file, stopOnEntry: false })]);
  const ev = (await stopped) as DebugProtocol.StoppedEvent;
  const top = (await h.dc.stackTraceRequest({ threadId: ev.body.threadId! })).body.stackFrames[0];
  expect(top.line).toBe(9);
  const g = await graphOf(top.id);
  const a = g.objects.find((o) => o.names.includes('a'))!,
    b = g.objects.find((o) => o.names.includes('b'))!;
  expect(g.locals?.map((l) => `${l.name}: ${l.type ?? ''}[${l.length}]`)).toEqual([
    'ns: [3]',
    'bs: u8[2]',
    'xs: i8[2]',
  ]);
  const ns = g.locals!.find((l) => l.name === 'ns')!;
  expect(ns.cells).toEqual([
    { index: '0', value: 'a', to: a.id },
    { index: '1', value: 'b', to: b.id },
    { index: '2', value: 'a', to: a.id },
    { index: 'rest', value: '[* := null]' },
  ]);
  // Each cell as the Locals scope shows the element (the char notation of a u8 aside).
  const locals = (await h.dc.scopesRequest({ frameId: top.id })).body.scopes.find((x) => x.name === 'Locals')!;
  const rows = (await h.dc.variablesRequest({ variablesReference: locals.variablesReference })).body.variables;
  for (const l of g.locals!) {
    const row = rows.find((r) => r.name === l.name)!;
    const elems = (await h.dc.variablesRequest({ variablesReference: row.variablesReference })).body.variables;
    for (const c of l.cells.filter((x) => x.index !== 'rest')) {
      const e = elems.find((x) => x.name === `[${c.index}]`);
      // A reference: the scope prints its term, the graph its variable name and the object it points to.
      const shown = c.to ? g.objects.find((o) => o.id === c.to)?.term : c.value;
      expect(e?.value.replace(/ '.*'$/, ''), `${l.name}[${c.index}]`).toBe(shown);
    }
  }
  expect(g.locals!.find((l) => l.name === 'xs')!.cells.map((c) => c.value)).toEqual(['-1', '2', '[* := 0]']);
}, 60_000);

test('symdap/heapGraph refuses an unknown frame by name', async () => {
  const file = writeProgram('maybe-alias2.sym', MAYBE);
  const stopped = h.dc.waitForEvent('stopped');
  await Promise.all([h.dc.configurationSequence(), h.dc.launch({ program: file, stopOnEntry: true })]);
  await stopped;
  await expect(h.dc.customRequest('symdap/heapGraph', { frameId: 987654 })).rejects.toThrow(/unknown frame id 987654/);
}, 60_000);
