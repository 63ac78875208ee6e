// The engine's objects the session holds without asking the engine about them: a tree node
// (what a frame id or a thread's cursor stands for), a symbolic value or term behind a
// variables reference, a heap or predicate chunk behind an expandable row, a diff of two
// paths the session sends on as JSON. The session stores and hands them back to the runtime;
// what they mean (printing, the path condition, a model, satisfiability) it asks the runtime
// for, so it never imports the engine (.dependency-cruiser.cjs checks it).

export type { TreeNode } from '../../engine/explore/tree';
export type { SymArray, SymValue } from '../../engine/state/state';
export type { Term } from '../../engine/terms/term';
export type { Chunk, Heap, PredChunk } from '../../engine/state/chunks';
export type { PathDiff } from '../../engine/why/diff';
