import { it } from 'vitest';
import { loadSource } from '../../src/lang/frontend';
import { resolveEntry } from '../../src/engine/entry';
import { PipelineSolver } from '../../src/engine/solver/pipeline';
import { Z3WasmBackend } from '../../src/engine/solver/z3wasm';
import { generateProgram } from '../support/programGen';
import { exploreLeaves } from '../support/symbolic';
it('time', async () => {
  const solver = new PipelineSolver(await Z3WasmBackend.create(), 3000);
  for (let seed = 7151; seed <= 7175; seed++) {
    const p = generateProgram(seed, { statements: 24 });
    const { checked } = loadSource(p.source, 'x.sym');
    const t = Date.now();
    const { leaves } = await exploreLeaves(checked!, solver, resolveEntry(checked!).proc!, { loopBound: 4 });
    const ms = Date.now() - t;
    if (ms > 500) console.log(seed, ms, leaves.map((l) => l.state.status + (l.state.note ?? '')).join(','), '\n', p.source);
  }
}, 600000);
