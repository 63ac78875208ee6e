// The messages between the coordinator and its worker threads: plain, structured-cloneable
// data only (source text, options, decision prefixes, reports).

import type { VerifySourceOptions } from '../verifySource';
import type { SubtreeTask } from './frontier';

export type WorkerJob =
  /** Verify a whole file (multi-file verify): the result is a VerifySourceResult without tree. */
  | { readonly kind: 'file'; readonly source: string; readonly file: string; readonly opts: VerifySourceOptions }
  /** Explore one subtree of a file's execution tree: the result is its VerifyReport. */
  | { readonly kind: 'subtree'; readonly source: string; readonly file: string; readonly opts: VerifySourceOptions; readonly task: SubtreeTask };

export type WorkerReply =
  | { readonly ok: true; readonly result: unknown }
  | { readonly ok: false; readonly error: string };
