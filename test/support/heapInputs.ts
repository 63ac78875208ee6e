// Random inputs for generated heap programs (test/engine/heapProgramGenerator.ts), in the
// input-file format: a pool of objects with random field values (their `next` null or a
// pool object, itself included), and each reference parameter null, an object no earlier
// parameter names, or the same object as an earlier parameter (aliasing). Also whether the
// inputs keep the locations main's requires grants disjoint, as the engine assumes.

import type { HeapParam, Location } from '../engine/heapProgramGenerator';
import { Rng } from './programGen';
import type { HeapInputs } from './heapCorrespondence';
import { isRefValue, type ConcreteValue } from '../../src/engine/concrete/values';

function small(rng: Rng): number {
  return rng.chance(0.85) ? rng.int(-5, 5) : rng.int(-1000, 1000);
}

export function randomHeapInputs(seed: number, params: readonly HeapParam[]): Record<string, unknown> {
  const rng = new Rng(seed);
  // Enough objects for distinct parameters, plus maybe one reachable only through `next`.
  const refParams = params.filter((p) => p.kind === 'ref').length;
  const ids = Array.from({ length: refParams + rng.int(0, 1) }, (_, i) => i + 1);
  const fields = new Map(
    ids.map((id) => [id, { val: small(rng), flag: rng.chance(0.5), next: rng.chance(0.2) ? 0 : rng.pick(ids) }]),
  );
  const emitted = new Set<number>();
  // Each object's fields once, at its first occurrence (possibly as another's next); later ones name it by id.
  const ref = (id: number): Record<string, unknown> => {
    if (emitted.has(id)) return { '@': id };
    emitted.add(id);
    const f = fields.get(id)!;
    return { '@': id, val: f.val, flag: f.flag, next: f.next === 0 ? null : ref(f.next) };
  };
  const json: Record<string, unknown> = {};
  const given: number[] = [];
  for (const p of params) {
    if (p.kind === 'int') {
      json[p.name] = small(rng);
      continue;
    }
    if (p.kind === 'bool') {
      json[p.name] = rng.chance(0.5);
      continue;
    }
    const r = rng.float();
    const unused = ids.filter((i) => !given.includes(i));
    const id =
      r < 0.05 ? undefined : (r < 0.2 && given.length > 0) || unused.length === 0 ? rng.pick(given) : rng.pick(unused);
    if (id === undefined) {
      json[p.name] = null;
      continue;
    }
    json[p.name] = ref(id);
    given.push(id);
  }
  return json;
}

/** Whether the locations `footprint` names (along the input objects) are pairwise distinct. */
export function separated(h: HeapInputs, footprint: readonly Location[]): boolean {
  const seen = new Set<string>();
  for (const loc of footprint) {
    if (loc.when !== undefined && h.inputs.get(loc.when) !== true) continue; // a conditional permission not granted
    let v: ConcreteValue | undefined = h.inputs.get(loc.path[0]);
    for (const f of loc.path.slice(1))
      v = v !== undefined && isRefValue(v) ? h.objects.get(v.id)?.fields.get(f) : undefined;
    if (v === undefined || !isRefValue(v) || v.id === 0) continue; // the requires fails on null
    const key = `${v.id}.${loc.field}`;
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}
