// Draws a placed heap graph as one SVG document (a string: the page inserts it, the CLI writes
// it to a file, both look the same): objects with a row per field (held, ✗ missing in red,
// old-heap-only greyed), reference edges from their row, dashed may-alias edges with their
// condition, folded predicates as dashed frames around what they hold, variables as tags, arrays
// (a field's or a local variable's) as rows of cells joined to their field or tag (references
// leave from their cell), and below the
// drawing the failure (with the missing chunk's explanation) and the path condition.

import type { GraphCell, GraphObject, HeapGraph } from './model';
import { clip, fieldText, HEAD_H, headText, ROW_H, type Box, type HeapLayout } from './layout';
import { arrayId, CELL_H, cellBoxes, localArrayId, localText } from './cells';

const PAD = 16;
const STYLE = `
.obj rect.box{fill:#fff;stroke:#546e7a;stroke-width:1.4}.obj .head{font-weight:600}.obj .sub{fill:#607d8b;font-size:10px}
text{font:11px ui-monospace,monospace;fill:#263238}.row.missing rect{fill:#ffcdd2;stroke:#c62828;stroke-width:1.6}.row.missing text{fill:#b71c1c;font-weight:700}
.row.old text{fill:#9e9e9e;font-style:italic}.null rect{fill:#eceff1;stroke:#90a4ae}.var rect{fill:#e3f2fd;stroke:#1e88e5}
.w{fill:none;stroke:#455a64;stroke-width:1.2}.w.root{stroke:#1e88e5}.w.mayAlias{stroke:#ef6c00;stroke-dasharray:6 4;stroke-width:1.6}.w.sameObject{stroke:#2e7d32;stroke-width:3}
.wl{font-size:10px;fill:#e65100}.grp rect{fill:#e8f5e9;fill-opacity:.35;stroke:#43a047;stroke-dasharray:7 3;stroke-width:1.4}.grp.missing rect{fill:#ffebee;stroke:#c62828}.grp.old rect{stroke:#9e9e9e}
.row.gained rect{fill:#c8e6c9;stroke:#2e7d32}.row.changed rect{fill:#ffe0b2;stroke:#ef6c00}.row.lost rect{fill:#eceff1;stroke:#78909c;stroke-dasharray:3 2}.row.lost text{text-decoration:line-through}
.arr rect{fill:#fffde7;stroke:#8d6e63}.arr .ix{fill:#8d6e63;font-size:9px}.arr .rest rect{fill:#f5f5f5;stroke-dasharray:3 2}.w.array{stroke:#8d6e63;stroke-width:2}
.grp text{fill:#2e7d32;font-size:10px;font-weight:600}.grp.missing text{fill:#c62828}.info .t{font-weight:700}.info .fail{fill:#b71c1c}.info .pc{fill:#37474f}`;

export function esc(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

function text(x: number, y: number, s: string, cls = ''): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}"${cls ? ` class="${cls}"` : ''}>${esc(s)}</text>`;
}

/** `objectId.field` → a mark from a comparison (compare.ts): the row is tinted. */
export type RowMarks = ReadonlyMap<string, 'gained' | 'changed' | 'lost'>;

function objectSvg(o: GraphObject, b: Box, marks?: RowMarks): string {
  const at = `transform="translate(${(b.x + PAD).toFixed(1)},${(b.y + PAD).toFixed(1)})"`;
  const tip = `<title>${esc(`${o.term}${o.allocation ? ` — ${o.allocation}` : ''}\n${o.fields.map((f) => `${f.chunk} ↦ ${f.value}${f.origin ? `  — ${f.origin}` : ''}`).join('\n')}`)}</title>`;
  if (o.id === 'null')
    return `<g class="obj null" data-object="null" ${at}><rect class="box" width="${b.w}" height="${b.h}" rx="13"/>${text(12, 17, 'null')}${tip}</g>`;
  const [head, sub] = headText(o);
  const rows = o.fields.map((f, i) => {
    const y = HEAD_H + i * ROW_H;
    const mark = marks?.get(`${o.id}.${f.name}`);
    const tinted = f.status === 'missing' || mark !== undefined;
    return `<g class="row ${f.status}${mark ? ` ${mark}` : ''}" data-field="${esc(f.name)}" data-status="${f.status}"${mark ? ` data-mark="${mark}"` : ''}>${tinted ? `<rect x="2" y="${y}" width="${b.w - 4}" height="${ROW_H}"/>` : ''}${text(8, y + 13, fieldText(f))}</g>`;
  });
  return (
    `<g class="obj" data-object="${esc(o.id)}" ${at}><rect class="box" width="${b.w}" height="${b.h}" rx="4"/>` +
    `<line x1="0" x2="${b.w}" y1="${HEAD_H - 2}" y2="${HEAD_H - 2}" stroke="#b0bec5"/>${text(8, 14, head, 'head')}${text(8, 28, sub, 'sub')}${rows.join('')}${tip}</g>`
  );
}

/** A row of cells (index above, value below) where the layout placed `b`; `where(i)` names cell i in its tooltip. */
function cellRowSvg(b: Box, cells: readonly GraphCell[], dataArray: string, where: (index: string) => string): string {
  const row = cellBoxes(cells).map((c, i) => {
    const rest = cells[i].index === 'rest';
    return (
      `<g class="cell${rest ? ' rest' : ''}" data-index="${esc(cells[i].index)}"${c.to ? ` data-to="${esc(c.to)}"` : ''}>` +
      `<rect x="${c.x}" y="0" width="${c.w}" height="${CELL_H}"/>${text(c.x + 5, 11, c.index, 'ix')}${text(c.x + 5, 27, c.value)}` +
      `<title>${esc(`${where(rest ? 'any other index' : cells[i].index)} = ${cells[i].value}`)}</title></g>`
    );
  });
  const at = `transform="translate(${(b.x + PAD).toFixed(1)},${(b.y + PAD).toFixed(1)})"`;
  return `<g class="arr" data-array="${esc(dataArray)}" ${at}>${row.join('')}</g>`;
}

/** `o`'s arrays, each a row of cells where the layout placed it. */
function arraysSvg(o: GraphObject, lay: HeapLayout): string {
  return o.fields
    .map((f) => {
      const b = f.cells && f.status !== 'missing' ? lay.boxes.get(arrayId(o.id, f.name)) : undefined;
      if (!b || !f.cells) return '';
      return cellRowSvg(b, f.cells, `${o.id}.${f.name}`, (i) => `${o.names[0] ?? o.term}.${f.name}[${i}]`);
    })
    .join('');
}

/** Local array variables: a tag (name, element notation, length) and its row of cells. */
function localsSvg(g: HeapGraph, lay: HeapLayout): string {
  return (g.locals ?? [])
    .map((l) => {
      const tag = lay.boxes.get(`v:${l.name}`),
        row = lay.boxes.get(localArrayId(l.name));
      if (!tag || !row) return '';
      return (
        `<g class="var local" data-var="${esc(l.name)}" transform="translate(${tag.x + PAD},${tag.y + PAD})"><rect width="${tag.w}" height="${tag.h}" rx="10"/>${text(7, 14, clip(localText(l)))}</g>` +
        cellRowSvg(row, l.cells, `v:${l.name}`, (i) => `${l.name}[${i}]`)
      );
    })
    .join('');
}

/** A folded predicate's frame: around its members' boxes (outer groups further out), wide enough for its label. */
interface GroupFrame {
  readonly g: HeapGraph['groups'][number];
  readonly label: string;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** The label's characters at the group font (10px): the frame is at least this wide. */
const GROUP_CHAR_W = 6.1;

function groupFrame(g: HeapGraph['groups'][number], lay: HeapLayout, depth: number): GroupFrame | undefined {
  const bs = g.members.map((m) => lay.boxes.get(m)).filter((b): b is Box => b !== undefined);
  if (bs.length === 0) return undefined;
  const m = 8 + 6 * depth;
  const label = clip(
    `${g.status === 'missing' ? '✗ missing ' : ''}${g.name} folded${g.recursive ? ' (recursive: unfold to see)' : ''}${g.status === 'old' ? ' (old heap only)' : ''}`,
    60,
  );
  const x0 = Math.min(...bs.map((b) => b.x)) + PAD - m,
    y0 = Math.min(...bs.map((b) => b.y)) + PAD - m - 12;
  const x1 = Math.max(Math.max(...bs.map((b) => b.x + b.w)) + PAD + m, x0 + label.length * GROUP_CHAR_W + 12),
    y1 = Math.max(...bs.map((b) => b.y + b.h)) + PAD + m;
  return { g, label, x0, y0, x1, y1 };
}

function groupSvg({ g, label, x0, y0, x1, y1 }: GroupFrame): string {
  return (
    `<g class="grp ${g.status}" data-group="${esc(g.name)}"><rect x="${x0.toFixed(1)}" y="${y0.toFixed(1)}" width="${(x1 - x0).toFixed(1)}" height="${(y1 - y0).toFixed(1)}" rx="8"/>` +
    `${text(x0 + 6, y0 + 11, label)}<title>${esc(`${g.name}: ${g.origin}`)}</title></g>`
  );
}

function wireSvg(w: HeapLayout['wires'][number]): string {
  if (w.points.length < 2) return '';
  const pts = w.points.map((p) => `${(p.x + PAD).toFixed(1)},${(p.y + PAD).toFixed(1)}`).join(' ');
  const arrow = w.kind === 'field' || w.kind === 'root' ? ' marker-end="url(#arrow)"' : '';
  let label = '';
  if (w.label) {
    const a = w.points[0],
      b = w.points[w.points.length - 1];
    label = text((a.x + b.x) / 2 + PAD + 4, (a.y + b.y) / 2 + PAD - 4, w.label, 'wl');
  }
  return `<g class="wire" data-kind="${w.kind}"><polyline class="w ${w.kind}" points="${pts}"${arrow}/>${label}</g>`;
}

/** Lines below the drawing: the failure, then the path condition. */
function infoLines(g: HeapGraph): { s: string; cls: string }[] {
  const out: { s: string; cls: string }[] = [];
  if (g.failure) {
    out.push({ s: `✗ ${g.failure.kind} failure at line ${g.failure.line}: ${g.failure.message}`, cls: 'fail t' });
    if (g.failure.missing) out.push({ s: `missing ${g.failure.missing}: ${g.failure.explanation ?? ''}`, cls: 'fail' });
  }
  out.push({ s: `path condition${g.pc.length === 0 ? ': true' : ':'}`, cls: 't' });
  for (const c of g.pc) out.push({ s: `  ${c}`, cls: 'pc' });
  if (g.note) out.push({ s: g.note, cls: 'pc' });
  return out;
}

export function heapSvg(g: HeapGraph, lay: HeapLayout, title = `heap of ${g.proc}`, marks?: RowMarks): string {
  const depthOf = (id: string | undefined, k = 0): number =>
    id === undefined || k > 8 ? k : depthOf(g.groups.find((x) => x.id === id)?.nested, k + 1);
  const frames = [...g.groups]
    .map((x) => ({ x, d: depthOf(x.nested) }))
    .sort((a, b) => a.d - b.d)
    .map(({ x, d }) => groupFrame(x, lay, 3 - Math.min(d, 3)))
    .filter((f): f is GroupFrame => f !== undefined);
  const wires = lay.wires.map(wireSvg);
  const objects = g.objects.map((o) => {
    const b = lay.boxes.get(o.id);
    return b ? objectSvg(o, b, marks) + arraysSvg(o, lay) : '';
  });
  const vars = g.roots.map((r) => {
    const b = lay.boxes.get(`v:${r.name}`);
    return b
      ? `<g class="var" data-var="${esc(r.name)}" transform="translate(${b.x + PAD},${b.y + PAD})"><rect width="${b.w}" height="${b.h}" rx="10"/>${text(7, 14, r.name)}</g>`
      : '';
  });
  // A group's frame and label reach past the layout's margin: the drawing moves to keep them in view.
  const dx = Math.max(0, ...frames.map((f) => -f.x0 + 2)),
    dy = Math.max(0, ...frames.map((f) => -f.y0 + 2));
  const drawnW = Math.max(lay.width + 2 * PAD, ...frames.map((f) => f.x1 + 2)) + dx;
  const info = infoLines(g);
  const top = Math.max(lay.height + 2 * PAD, ...frames.map((f) => f.y1 + 2)) + dy + 10;
  const infoSvg = info.map((l, i) => text(PAD, top + 14 + i * 15, clip(l.s, 160), l.cls)).join('');
  const width = Math.max(drawnW, 420, ...info.map((l) => Math.min(l.s.length, 160) * 6.7 + 2 * PAD));
  const height = top + 14 + info.length * 15 + PAD;
  const drawing = `${frames.map(groupSvg).join('')}${wires.join('')}${objects.join('')}${vars.join('')}${localsSvg(g, lay)}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="heap-graph" width="${Math.ceil(width)}" height="${Math.ceil(height)}" viewBox="0 0 ${Math.ceil(width)} ${Math.ceil(height)}">` +
    `<title>${esc(title)}</title><style>${STYLE}</style>` +
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#455a64"/></marker></defs>` +
    `<rect width="100%" height="100%" fill="#fafafa"/>${dx || dy ? `<g transform="translate(${dx.toFixed(1)},${dy.toFixed(1)})">${drawing}</g>` : drawing}` +
    `<g class="info">${infoSvg}</g></svg>`
  );
}
