// Generational search in the debugger over a real DAP stream (DebugClient): launch with
// searcher "generational" runs SAGE's search; each concolic run is a thread named by its run,
// generation, input and new coverage; continue runs them in order and stops at the first run
// that fails, as an exception on its thread, with its input; a run can be stepped and a
// branch flipped as in `inputs` debugging.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import {
  afterRequest,
  launchAndStop,
  openSession,
  sample,
  scopeValues,
  topFrame,
  type Harness,
} from './sessionHarness';

let h: Harness;
beforeEach(async () => {
  h = await openSession();
});
afterEach(async () => {
  await h.close();
});

const SAGE = sample('concolic/sage_top.sym');
const RUN_NAME =
  /^#\d+ (?:✗ assert \(line 19\) )?run (\d+) \(gen (\d+)\): c0 = (\d+), c1 = (\d+), c2 = (\d+), c3 = (\d+); \+(\d+) new$/;

function outputs(): string[] {
  const lines: string[] = [];
  h.dc.on('output', (e: DebugProtocol.OutputEvent) => lines.push(e.body.output));
  return lines;
}

/** How many of the four input bytes match "bad!" (the program fails at three). */
function matches(m: RegExpExecArray): number {
  return [98, 97, 100, 33].filter((c, i) => Number(m[3 + i]) === c).length;
}

async function threadNames(): Promise<Map<number, string>> {
  const r = await h.dc.threadsRequest();
  return new Map(r.body.threads.map((t) => [t.id, t.name]));
}

describe('generational search in the debugger (searcher "generational")', () => {
  it('from the all-zero seed, stops at the run that fails cnt >= 3, on its thread, with its input', async () => {
    const out = outputs();
    const stop = await launchAndStop(h.dc, SAGE, { searcher: 'generational', stopOnEntry: false });
    expect(stop.body.reason).toBe('exception');
    const t = stop.body.threadId!;
    expect((await topFrame(h.dc, t)).line).toBe(19);
    const name = (await threadNames()).get(t)!;
    const m = RUN_NAME.exec(name);
    expect(m, name).not.toBeNull();
    expect(name).toContain('✗ assert (line 19)');
    expect(matches(m!)).toBeGreaterThanOrEqual(3);
    // From all zeros each generation flips one more comparison: the failing run is at least generation 3.
    expect(Number(m![2])).toBeGreaterThanOrEqual(3);
    const summary = out.find((o) => o.startsWith('generational search: '));
    expect(summary).toMatch(new RegExp(`failing: .*run ${m![1]} \\(path #${t}\\)`));
    // The Model scope shows this run's input.
    const f = await topFrame(h.dc, t);
    const model = [...(await scopeValues(h.dc, f.id, 'Model')).entries()].map(([n, v]) => `${n}=${v.value}`);
    expect(model).toEqual([`c0=${m![3]}`, `c1=${m![4]}`, `c2=${m![5]}`, `c3=${m![6]}`]);
  }, 90_000);

  it('lists one thread per run from the seed, and a run can be stepped and a branch flipped', async () => {
    const out = outputs();
    const entry = await launchAndStop(h.dc, SAGE, {
      searcher: 'generational',
      seed: { c0: 98, c1: 0, c2: 0, c3: 0 },
      runs: 3,
    });
    expect(entry.body.reason).toBe('entry');
    const names = [...(await threadNames()).values()];
    expect(names).toHaveLength(3);
    expect(names[0]).toMatch(/^#\d+ run 1 \(gen 0\): c0 = 98, c1 = 0, c2 = 0, c3 = 0; \+\d+ new$/);
    expect(names.slice(1).every((n) => / \(gen 1\): /.test(n))).toBe(true);

    // Step the seed's run to the first branch and take the side its input does not take.
    const t = entry.body.threadId!;
    await afterRequest(h.dc, 'stopped', () => h.dc.nextRequest({ threadId: t }));
    const f = await topFrame(h.dc, t);
    expect(f.line).toBe(13);
    const targets = (await h.dc.stepInTargetsRequest({ frameId: f.id })).body.targets.map((x) => x.label);
    expect(targets[0]).toMatch(/^then: .*\(these inputs\)$/);
    expect(targets[1]).toMatch(/^else: .* with c0 = (?!98\b)\d+, c1 = 0, c2 = 0, c3 = 0$/);
    await afterRequest(h.dc, 'stopped', () => h.dc.stepInRequest({ threadId: t, targetId: 2 }));
    expect(out.join('')).toMatch(
      new RegExp(
        `path #${t} now follows the inputs c0 = \\d+, c1 = 0, c2 = 0, c3 = 0 \\(they take the else side at line 13\\)`,
      ),
    );
  }, 90_000);

  it('continue runs the run threads in order: a breakpoint stops each run in turn, then the failing run stops', async () => {
    const entry = await launchAndStop(h.dc, SAGE, { searcher: 'generational', runs: 16 });
    await h.dc.setBreakpointsRequest({ source: { path: SAGE }, breakpoints: [{ line: 17 }] });
    const order = [...(await threadNames()).keys()].sort((a, b) => a - b);
    expect(order[0]).toBe(entry.body.threadId);
    const stops: number[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await afterRequest<DebugProtocol.StoppedEvent>(h.dc, 'stopped', () =>
        h.dc.continueRequest({ threadId: stops.at(-1) ?? entry.body.threadId! }),
      );
      expect(s.body.reason).toBe('breakpoint');
      expect((await topFrame(h.dc, s.body.threadId!)).line).toBe(17);
      stops.push(s.body.threadId!);
    }
    // Each run reaches line 17 once and ends; the next continue moves on to the next run.
    expect(stops).toEqual(order.slice(0, 3));
  }, 90_000);

  it('says that seed and runs without searcher generational are ignored', async () => {
    const out = outputs();
    await launchAndStop(h.dc, SAGE, { seed: { c0: 1 }, runs: 3 });
    expect(out.join('')).toContain(
      "launch argument 'seed' and 'runs' applies to searcher 'generational' only; ignored",
    );
  }, 60_000);

  it('refuses inputs beside the seed', async () => {
    await h.dc.initializeRequest();
    await expect(
      h.dc.launchRequest({
        program: SAGE,
        searcher: 'generational',
        inputs: { c0: 1 },
      } as DebugProtocol.LaunchRequestArguments),
    ).rejects.toThrow(/the first input is the launch argument 'seed', not 'inputs'/);
  }, 60_000);

  it('refuses modular mode', async () => {
    await h.dc.initializeRequest();
    await expect(
      h.dc.launchRequest({
        program: SAGE,
        searcher: 'generational',
        mode: 'modular',
      } as DebugProtocol.LaunchRequestArguments),
    ).rejects.toThrow(/modular mode has none/);
  }, 60_000);

  it('refuses a seed that does not fit the program', async () => {
    await h.dc.initializeRequest();
    await expect(
      h.dc.launchRequest({
        program: SAGE,
        searcher: 'generational',
        seed: { c0: true },
      } as DebugProtocol.LaunchRequestArguments),
    ).rejects.toThrow(/launch argument seed: input c0 = true is not/);
  }, 60_000);
});

describe('objects in concolic debugging and generational search', () => {
  const ALIAS = sample('concolic/alias_cells.sym');

  it('inputs with one object named twice take the aliasing side; the other side is offered with b = null or another object', async () => {
    const entry = await launchAndStop(h.dc, ALIAS, { inputs: { a: { '@': 1 }, b: { '@': 1 }, k: 5 } });
    const t = entry.body.threadId!;
    await afterRequest(h.dc, 'stopped', () => h.dc.nextRequest({ threadId: t }));
    await afterRequest(h.dc, 'stopped', () => h.dc.nextRequest({ threadId: t }));
    const f = await topFrame(h.dc, t);
    expect(f.line).toBe(20);
    const targets = (await h.dc.stepInTargetsRequest({ frameId: f.id })).body.targets.map((x) => x.label);
    expect(targets[0]).toMatch(/^then: .*\(these inputs\)$/);
    // The else side needs b to be another object than a (or null).
    expect(targets[1]).toMatch(/^else: .* with a = @1 \{x = 0\}, b = (null|@2), k = 5$/);
  }, 90_000);

  it('generational search from the all-zero input stops at the run where a and b alias and k = 7', async () => {
    const out = outputs();
    const stop = await launchAndStop(h.dc, ALIAS, { searcher: 'generational', stopOnEntry: false });
    expect(stop.body.reason).toBe('exception');
    const t = stop.body.threadId!;
    expect((await topFrame(h.dc, t)).line).toBe(22);
    const name = (await threadNames()).get(t)!;
    expect(name).toMatch(/^#\d+ ✗ assert \(line 22\) run \d+ \(gen \d+\): a = @1 \{x = 0\}, b = @1, k = 7; \+\d+ new$/);
    // The all-zero seed violates requires acc(a.x): an infeasible run, named in the summary, is no thread.
    expect(out.join('')).toContain('infeasible, no thread: run 1 (a = null, b = null, k = 0)');
    expect([...(await threadNames()).values()].some((n) => / run 1 \(gen 0\)/.test(n))).toBe(false);
  }, 90_000);
});
