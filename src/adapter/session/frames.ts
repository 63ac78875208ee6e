// Stack frames of a path: its call stack (innermost first), then a label frame, then the
// earlier states of the path, most recent first, each selectable to see the variables as
// they were. Frame ids stand for (thread, node, frame index) and stay stable. Also the
// time-travel targets: where `restartFrame` and `goto` move a path's cursor.

import * as nodePath from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { TreeNode } from '../runtime/handles';
import { Interner } from './ids';
import { onPath, type PathThread } from '../runtime/paths';
import { locationOf } from '../runtime/location';

export interface FrameRef {
  readonly threadId: number;
  readonly node: TreeNode;
  /** 0 = innermost call of the node's state. */
  readonly frameIndex: number;
  /** The separator between the call stack and the earlier states. */
  readonly label?: boolean;
}

export const EARLIER_LABEL = '── earlier states ──';
const MAX_FRAMES_PER_PAGE = 1000;

export class FrameIds {
  private readonly ids = new Interner<FrameRef>();

  id(ref: FrameRef): number {
    const key = ref.label ? `${ref.threadId}:label` : `${ref.threadId}:${ref.node.id}:${ref.frameIndex}`;
    return this.ids.id(key, () => ref);
  }

  get(id: unknown): FrameRef | undefined {
    return this.ids.get(id);
  }
}

export interface StackPage {
  readonly stackFrames: DebugProtocol.StackFrame[];
  readonly totalFrames: number;
}

export function stackTrace(
  ids: FrameIds,
  t: PathThread,
  file: string,
  source: string,
  startFrame = 0,
  levels = 0,
): StackPage {
  const cursor = t.cursor;
  const calls = cursor.state.frames.length;
  const earlier = cursor.depth;
  const total = calls + (earlier > 0 ? 1 + earlier : 0);
  const start = Math.max(0, Math.floor(startFrame));
  // `levels: 0` means all; a very long path is still sent in pages (totalFrames tells the rest).
  const end = Math.min(total, start + (levels > 0 ? Math.floor(levels) : MAX_FRAMES_PER_PAGE));
  const lines = source.split(/\r?\n/);
  const src: DebugProtocol.Source = { name: nodePath.basename(file), path: nodePath.resolve(file) };
  const out: DebugProtocol.StackFrame[] = [];
  for (let i = start; i < Math.min(end, calls); i++) out.push(callFrame(ids, t, i, src));
  if (start <= calls && calls < end && earlier > 0) {
    // The separator points at the most recent earlier state's line, so clients that open every
    // frame's source (Neovim, Emacs) show a real place instead of "line 0: source not available".
    const previous = cursor.parent ? locationOf(cursor.parent.state) : undefined;
    out.push({
      id: ids.id({ threadId: t.id, node: cursor, frameIndex: 0, label: true }),
      name: EARLIER_LABEL,
      source: src,
      line: previous?.line ?? 1,
      column: previous?.col ?? 1,
      presentationHint: 'label',
      canRestart: false,
    });
  }
  let n: TreeNode | undefined = cursor.parent;
  for (let i = calls + 1; n && i < end; i++, n = n.parent) {
    if (i >= start) out.push(earlierFrame(ids, t, n, src, lines));
  }
  return { stackFrames: out, totalFrames: total };
}

function callFrame(ids: FrameIds, t: PathThread, i: number, src: DebugProtocol.Source): DebugProtocol.StackFrame {
  const s = t.cursor.state;
  const k = s.frames.length;
  const frame = s.frames[k - 1 - i];
  const loc = i === 0 ? locationOf(s) : s.frames[k - i].callSite?.span;
  const status = i === 0 && s.status !== 'running' ? ` [${s.status}]` : '';
  return {
    id: ids.id({ threadId: t.id, node: t.cursor, frameIndex: i }),
    name: `${frame.proc.name}${status}`,
    source: src,
    line: loc?.line ?? 0,
    column: loc?.col ?? 0,
  };
}

function earlierFrame(
  ids: FrameIds,
  t: PathThread,
  n: TreeNode,
  src: DebugProtocol.Source,
  lines: readonly string[],
): DebugProtocol.StackFrame {
  const loc = locationOf(n.state);
  const proc = n.state.frames[n.state.frames.length - 1]?.proc.name ?? '?';
  const text = loc ? snippet(lines, loc.line) : '';
  return {
    id: ids.id({ threadId: t.id, node: n, frameIndex: 0 }),
    name: `${proc} · state #${n.id}${text ? `: ${text}` : ''}`,
    source: src,
    line: loc?.line ?? 0,
    column: loc?.col ?? 0,
    presentationHint: 'subtle',
  };
}

function snippet(lines: readonly string[], line: number): string {
  const text = lines[line - 1]?.trim() ?? '';
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/**
 * Where `restartFrame` moves the cursor: an earlier state itself, or for a call frame the
 * state in which that call began. Undefined when the frame is not on the thread's path.
 */
export function restartTarget(t: PathThread, ref: FrameRef): TreeNode | undefined {
  if (ref.label || !onPath(ref.node, t.tip)) return undefined;
  if (ref.node !== t.cursor && ref.frameIndex === 0) return ref.node;
  const frames = ref.node.state.frames;
  const activation = frames[frames.length - 1 - ref.frameIndex]?.activation;
  if (activation === undefined) return undefined;
  let n = ref.node;
  while (n.parent && n.parent.state.frames.some((f) => f.activation === activation)) n = n.parent;
  return n;
}

export interface GotoTarget {
  readonly id: number;
  readonly label: string;
  readonly line: number;
}

/** States on the thread's path (root to tip) located on `line`, nearest to the cursor first. */
export function gotoTargets(t: PathThread, line: number, max = 20): GotoTarget[] {
  const found: { node: TreeNode; distance: number }[] = [];
  for (let n: TreeNode | undefined = t.tip; n; n = n.parent) {
    if (locationOf(n.state)?.line === line) found.push({ node: n, distance: Math.abs(n.depth - t.cursor.depth) });
  }
  found.sort((a, b) => a.distance - b.distance);
  return found.slice(0, max).map(({ node }) => {
    const rel = node.depth - t.cursor.depth;
    const when = rel === 0 ? 'current' : rel < 0 ? `${-rel} steps back` : `${rel} steps ahead`;
    return { id: node.id, label: `state #${node.id} (line ${line}, ${when})`, line };
  });
}
