// A body taken at a symbolic part names its scaled amounts for the evaluator (⟨part·1/2⟩ bound
// to 1/2·k, heap/symInstances.ts); a message shows them as the products they name.
import { describe, expect, it } from 'vitest';
import { partName, showParts } from '../../src/engine/rules/heap/symInstances';
import { rational } from '../../src/lang/rational';

describe('a scaled body in a message', () => {
  it('shows each part name as its product with the part', () => {
    const half = partName(rational(1n, 2n));
    const whole = partName(rational(1n));
    const twice = partName(rational(2n));
    expect(showParts(`acc(x.f, ${whole}) && acc(x.g, ${half})`, 'k')).toBe('acc(x.f, k) && acc(x.g, 1/2 * k)');
    expect(showParts(`acc(x.f, ${twice})`, 'k / 2')).toBe('acc(x.f, 2 * (k / 2))');
    expect(showParts('acc(x.f, 1/2)', 'k')).toBe('acc(x.f, 1/2)');
  });
});
