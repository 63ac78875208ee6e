// Applying a `symdap/treeDelta` event to a view: shared by the page and its tests.

import type { TreeDelta, TreeView } from './model';

export function applyDelta(v: TreeView, d: TreeDelta): TreeView {
  const gone = new Set([...d.remove, ...d.upsert.map((n) => n.id)]);
  const nodes = [...v.nodes.filter((n) => !gone.has(n.id)), ...d.upsert].sort((a, b) => a.id - b.id);
  return { ...v, nodes, truncated: d.truncated, ...(d.warnings ? { warnings: d.warnings } : {}) };
}
