// Small readers over Viper statements that the goto lowering shares (lowerGoto.ts,
// lowerGotoLoop.ts): where the gotos are, which labels a labelled old names, and the flag
// that records a jump taken.

import type { Span } from '../span';
import type { VExpr, VStmt } from './ast';

/** The flag set by a jump to `label` (`@` keeps it apart from Viper's names). */
export const flag = (label: string): string => `goto@${label}`;

export function* walk(node: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(node)) for (const n of node) yield* walk(n);
  else if (node !== null && typeof node === 'object') {
    const x = node as Record<string, unknown>;
    yield x;
    for (const [k, v] of Object.entries(x)) if (k !== 'span' && typeof v === 'object') yield* walk(v);
  }
}

/** The labels that the gotos in `node` jump to. */
export function gotoTargets(node: unknown): string[] {
  return [...walk(node)].filter((x) => x.kind === 'goto').map((x) => x.name as string);
}

/** Whether some goto in `s` jumps to `label`. */
export function jumpsTo(s: VStmt, label: string): boolean {
  for (const x of walk(s)) if (x.kind === 'goto' && x.name === label) return true;
  return false;
}

/** The labels that `old[l](…)` names anywhere in `node`. */
export function oldLabels(node: unknown): Set<string> {
  const out = new Set<string>();
  for (const x of walk(node)) if (x.kind === 'old' && typeof x.label === 'string') out.add(x.label);
  return out;
}

/** The labels declared anywhere in `node` (nested blocks included). */
export function labelsIn(node: unknown): Set<string> {
  const out = new Set<string>();
  for (const x of walk(node)) if (x.kind === 'label') out.add(x.name as string);
  return out;
}

export function spanOfGoto(node: unknown, label: string, fallback: Span): Span {
  const g = [...walk(node)].find((x) => x.kind === 'goto' && x.name === label);
  return (g?.span as Span | undefined) ?? fallback;
}

export const bool = (value: boolean, span: Span): VExpr => ({ kind: 'bool', value, span });

/** `goto@l := value`. */
export const setFlag = (label: string, value: boolean, span: Span): VStmt => ({
  kind: 'assign',
  target: flag(label),
  targetSpan: span,
  value: bool(value, span),
  span,
});
