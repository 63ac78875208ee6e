// The two `spec too weak` programs the why tests and bench/why.js share (test/fixtures/why):
// a loop whose invariant says nothing about `s` (failure at line 12, invariant at line 7) and
// a callee whose ensures says too little (failure at line 8, ensures at line 2; line 9 fails for real).

import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const fixture = (name: string): string => readFileSync(path.join(__dirname, '..', 'fixtures', 'why', name), 'utf8');

export const WEAK_INVARIANT = fixture('weak-invariant.sym');
export const WEAK_ENSURES = fixture('weak-ensures.sym');
