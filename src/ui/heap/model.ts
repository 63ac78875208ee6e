// The heap graph of one state as plain JSON (issue 27): objects with their fields, `null`,
// reference edges, folded predicate instances as groups, may-alias edges the solver could not
// decide, the path condition and the failure. Shared by the adapter (`symdap/heapGraph`), the
// CLI's SVGs and the page; no imports, so the browser bundle and Node both use it.

/** A field chunk: held now, held only by the old heap (on entry to the frame), or missing (the failure's). */
export type FieldStatus = 'held' | 'missing' | 'old';

export interface GraphField {
  readonly name: string;
  readonly status: FieldStatus;
  /** `acc(c.x)` in the frame's names: the Heap scope row's name. */
  readonly chunk: string;
  /** The value as the Heap scope prints it (`7`, a local's name for a reference, `?` when missing). */
  readonly value: string;
  /** The amount held when it is not all of it (`1/2`, `wildcard`): fractional permissions. */
  readonly amount?: string;
  /** The value's type when it has a notation of its own (`u8`, `i32`). */
  readonly type?: string;
  /** A reference value: the node it points to. */
  readonly to?: string;
  /** An array value: its cells, one per known index, then `rest` for the others (drawn as a row of cells). */
  readonly cells?: readonly GraphCell[];
  readonly length?: string;
  readonly origin?: string;
  /** The predicate group holding this chunk folded. */
  readonly group?: string;
}

/** One cell of an array: its index, its value as the Heap scope prints values, and for a reference the node it points to. */
export interface GraphCell {
  /** The index (`0`, `i`), or `rest` for every index no store names (the array's base). */
  readonly index: string;
  readonly value: string;
  readonly to?: string;
}

/** A local array variable: its cells as a field's array has them (a reference cell points to its node). */
export interface GraphLocal {
  readonly name: string;
  /** The elements' notation when it has one of its own (`u8`, `i32`). */
  readonly type?: string;
  readonly length: string;
  readonly cells: readonly GraphCell[];
}

export interface GraphObject {
  /** Stable within one graph: `o` + the reference term's id, or `null`. */
  readonly id: string;
  /** The reference as a term (`Cell@31`, `a`, `n.next`); `null` for the null node. */
  readonly term: string;
  /** The frame's variables holding this reference (`c`, `d`). */
  readonly names: readonly string[];
  readonly className?: string;
  /** Where `new` made it (`new Cell at line 31`), or `input` for an object the procedure was given. */
  readonly allocation?: string;
  readonly fields: readonly GraphField[];
}

/** `sameObject`: two terms the solver proves equal under the path condition (drawn as one identity). */
export type EdgeKind = 'field' | 'mayAlias' | 'sameObject';

export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: EdgeKind;
  /** The field for a reference edge. */
  readonly field?: string;
  /** A reference held by a cell of the field's array: the cell's index. */
  readonly cell?: string;
  /** A may-alias edge: the condition under which both are one object (`a == b`), and the solver's answer. */
  readonly condition?: string;
  readonly verdict?: 'satisfiable' | 'unknown';
}

/** A folded predicate instance: `list(l)`; `members` are the objects its fragment holds. */
export interface GraphGroup {
  readonly id: string;
  readonly name: string;
  readonly args: readonly string[];
  readonly members: readonly string[];
  /** A recursive instance keeps a snapshot, not its chunks: nothing to list until unfolded. */
  readonly recursive: boolean;
  readonly origin: string;
  readonly status: 'held' | 'missing' | 'old';
  /** The group folded inside (a predicate in another's fragment). */
  readonly nested?: string;
}

export interface GraphFailure {
  readonly kind: string;
  readonly message: string;
  readonly line: number;
  /** The missing chunk (`acc(c.x)`) of a permission failure, and where the path lost it. */
  readonly missing?: string;
  readonly explanation?: string;
}

export interface HeapGraph {
  readonly proc: string;
  readonly line?: number;
  readonly objects: readonly GraphObject[];
  readonly edges: readonly GraphEdge[];
  readonly groups: readonly GraphGroup[];
  /** Variables of the frame holding references, and what they point to. */
  readonly roots: readonly { readonly name: string; readonly to: string }[];
  /** Variables of the frame holding arrays, each drawn as a row of cells under its name. */
  readonly locals?: readonly GraphLocal[];
  /** The path condition, one conjunct a line. */
  readonly pc: readonly string[];
  readonly failure?: GraphFailure;
  /** Set when some pairs of references were not asked (more than the cap). */
  readonly note?: string;
  /** Positions laid out where the graph was made (elkjs in Node, placed.ts): a client that has them only draws. */
  readonly layout?: GraphLayout;
}

/** A placed box (an object, a variable tag, an array's row of cells), top-left corner and size. */
export interface PlacedBox {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** A routed line: a reference, a may-alias or same-object edge, a variable's arrow, a field's array. */
export interface PlacedWire {
  readonly from: string;
  readonly to: string;
  readonly kind: 'field' | 'mayAlias' | 'sameObject' | 'root' | 'array';
  readonly points: readonly { readonly x: number; readonly y: number }[];
  readonly label?: string;
}

/** The layout of a graph as JSON: what the drawing (svg.ts) needs, the same wherever it was computed. */
export interface GraphLayout {
  readonly boxes: readonly PlacedBox[];
  readonly wires: readonly PlacedWire[];
  readonly width: number;
  readonly height: number;
}
