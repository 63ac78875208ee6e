// The README's "A first debugging session", step by step, with a real DAP client against the
// real session and Z3: every value the README quotes must be what the adapter answers at that
// step, and must still be quoted in the README, so the walkthrough cannot drift from the code.

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchAndStop, openSession, sample, scopeValues, type Harness } from '../adapter/sessionHarness';

const README = readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
const SESSION = README.slice(
  README.indexOf('## A first debugging session'),
  README.indexOf('\n## ', README.indexOf('## A first debugging session') + 1),
);

/** `text` is what the adapter said, and the README's walkthrough quotes it. */
function quoted(text: string): void {
  expect(SESSION, `the README's first session quotes ${JSON.stringify(text)}`).toContain(text);
}

describe('README: a first debugging session on samples/lecture/bad_input.sym', () => {
  let h: Harness;
  const console: string[] = [];
  beforeAll(async () => {
    h = await openSession();
    h.dc.on('output', (e: DebugProtocol.OutputEvent) => {
      console.push(e.body.output);
    });
  });
  afterAll(async () => {
    await h.close();
  });

  it('walks as the README says: entry, fork, failure, REPL, step back', async () => {
    const { dc } = h;
    expect(SESSION.length).toBeGreaterThan(100);
    quoted('samples/lecture/bad_input.sym');

    // 1. Stop on entry at line 10; four scopes; parameters are symbols; empty path condition.
    const entry = await launchAndStop(dc, sample('lecture/bad_input.sym'), { stopOnEntry: true });
    expect(entry.body.reason).toBe('entry');
    const thread = entry.body.threadId!;
    const frame0 = (await dc.stackTraceRequest({ threadId: thread })).body.stackFrames[0];
    expect(frame0.line).toBe(10);
    quoted('stops at line 10');
    const scopes = (await dc.scopesRequest({ frameId: frame0.id })).body.scopes.map((s) => s.name);
    expect(scopes).toEqual(['Locals', 'Path condition', 'Model', 'Globals']);
    for (const s of scopes) quoted(`*${s}*`);
    expect((await scopeValues(dc, frame0.id, 'Locals')).get('c0')?.value).toBe('c0');
    quoted('`c0 = c0`');
    expect([...(await scopeValues(dc, frame0.id, 'Path condition')).values()].map((v) => v.value)).toEqual(['true']);
    quoted('empty (`true`)');
    expect((await scopeValues(dc, frame0.id, 'Model')).get('c0')?.value).toBe('0');
    quoted('`c0 = 0`');

    // Step Into Target at the branch offers both sides.
    const targets = (await dc.customRequest('stepInTargets', { frameId: frame0.id })).body.targets as {
      label: string;
    }[];
    for (const t of targets) quoted(`\`${t.label}\``);
    expect(targets).toHaveLength(2);

    // 2. `next` forks: this thread follows then, a second thread has else.
    const step = dc.waitForEvent('stopped');
    await dc.nextRequest({ threadId: thread });
    await step;
    const names = (await dc.threadsRequest()).body.threads.map((t) => t.name);
    expect(names).toHaveLength(2);
    for (const n of names) quoted(`\`${n}\``);
    const frames = (await dc.stackTraceRequest({ threadId: thread })).body.stackFrames;
    expect(frames.some((f) => f.presentationHint === 'subtle')).toBe(true);
    const pc = [...(await scopeValues(dc, frames[0].id, 'Path condition')).values()];
    // A char literal is a u8: compared with one it prints as the literal, its value as `98 'b'` (issue 26, item 7).
    expect(pc.map((v) => [v.name, v.value])).toEqual([['[1]', "c0 == 'b'   (line 10)"]]);
    quoted("`[1] = c0 == 'b'   (line 10)`");
    expect((await scopeValues(dc, frames[0].id, 'Model')).get('c0')?.value).toBe("98 'b'");
    quoted("`c0 = 98 'b'`");

    // 3. `continue` explores every path and stops on the failing assertion.
    const stop = dc.waitForEvent('stopped');
    await dc.continueRequest({ threadId: thread });
    const failed = (await stop) as DebugProtocol.StoppedEvent;
    expect(failed.body.reason).toBe('exception');
    quoted(`\`${failed.body.description}\``);
    const info = (await dc.exceptionInfoRequest({ threadId: failed.body.threadId! })).body.description ?? '';
    const cx = /counterexample: (.*)/.exec(info)?.[1] ?? '';
    quoted(`counterexample \`${cx}\``);
    expect(console.join('')).toContain('path: lines 10 → 11 → 12 → 13 → 16');
    quoted('`lines 10 → 11 → 12 → 13 → 16`');
    expect(console.join('')).toContain('paths so far: 4 completed, 1 failed, ');
    quoted('`paths so far: 4 completed, 1 failed, …`');

    // 4. The REPL.
    const top = (await dc.stackTraceRequest({ threadId: failed.body.threadId! })).body.stackFrames[0];
    const repl = async (expression: string) =>
      (await dc.evaluateRequest({ expression, frameId: top.id, context: 'repl' })).body.result;
    quoted(`\`${await repl('$pc')}\``);
    quoted(`\`${await repl(":valid c0 == 'b'")}\``);
    quoted(`\`${await repl(":sat c3 == '!'")}\``);
    expect(await repl(':why')).toContain("line 13: c3 == '!'");

    // 5. Step back: the state before the assertion ran, then line 13.
    const back = async () => {
      const b = dc.waitForEvent('stopped');
      await dc.stepBackRequest({ threadId: failed.body.threadId! });
      await b;
      return (await dc.stackTraceRequest({ threadId: failed.body.threadId! })).body.stackFrames[0];
    };
    const before = await back();
    expect([before.line, before.name]).toEqual([16, 'main']);
    expect((await back()).line).toBe(13);
    quoted('back to the `assert` on line 16, before it ran; once more, to line 13');
  }, 60_000);
});
