// Arrays in the heap graph (issue 27): an array value is drawn as its own box beside the object
// whose field holds it, a row of cells (index above, value below), joined to the field's row; a
// cell holding a reference has a port at its bottom, where its edge to the object leaves. Geometry
// only (plain data): layout.ts gives elkjs the boxes and ports, svg.ts draws the cells.

import type { ElkNode, ElkPort } from 'elkjs/lib/elk.bundled.js';
import type { GraphCell, GraphLocal } from './model';

export const CELL_H = 34;
const CELL_CHARS = 14;
const CHAR_W = 6.7;

export interface CellBox {
  readonly index: string;
  readonly value: string;
  readonly to?: string;
  /** Left edge within the array's box, and width. */
  readonly x: number;
  readonly w: number;
}

/** The array box of `field` of object `objectId`. */
export function arrayId(objectId: string, field: string): string {
  return `${objectId}.${field}[]`;
}

/** The row of cells of a local array variable, and its name tag (`v:a`, as a reference variable's tag). */
export function localArrayId(name: string): string {
  return `v:${name}[]`;
}

/** A local array's tag: its name, element notation and length (`bytes: u8[4]`). */
export function localText(l: GraphLocal): string {
  return `${l.name}: ${l.type ?? ''}[${l.length}]`;
}

export function cellPortId(array: string, i: number): string {
  return `${array}#${i}`;
}

function clipCell(s: string): string {
  return s.length <= CELL_CHARS ? s : `${s.slice(0, CELL_CHARS - 1)}…`;
}

/** The cells in a row: `rest` (the indices no store names) shown as `*`, references as `●`. */
export function cellBoxes(cells: readonly GraphCell[]): CellBox[] {
  let x = 0;
  return cells.map((c) => {
    const index = c.index === 'rest' ? '*' : clipCell(c.index);
    // The base of a literal is one value everywhere (`[* := 0]`): the value is what the cell shows.
    const value = c.to ? '●' : clipCell(c.index === 'rest' ? c.value.replace(/^\[\* := (.*)\]$/, '$1') : c.value);
    const w = Math.max(30, Math.ceil(Math.max(index.length, value.length) * CHAR_W) + 12);
    const box = { index, value, ...(c.to ? { to: c.to } : {}), x, w };
    x += w;
    return box;
  });
}

/** The elkjs node of one array: a row of cells, a port under each cell holding a reference. */
export function arrayNode(id: string, cells: readonly GraphCell[]): ElkNode {
  const boxes = cellBoxes(cells);
  const ports: ElkPort[] = boxes.flatMap((c, i) =>
    c.to
      ? [
          {
            id: cellPortId(id, i),
            width: 1,
            height: 1,
            x: c.x + c.w / 2,
            y: CELL_H - 1,
            layoutOptions: { 'elk.port.side': 'SOUTH' },
          },
        ]
      : [],
  );
  const width = boxes.reduce((a, c) => a + c.w, 0);
  return { id, width, height: CELL_H, ports, layoutOptions: { 'elk.portConstraints': 'FIXED_POS' } };
}
