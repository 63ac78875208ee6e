// Inputs given as JSON (the `symdap run --inputs` file, a counterexample, a test case) run
// concretely from a procedure: read through the input-file parser, typed by the procedure's
// input names, then run by the interpreter. One sequence for `symdap run`, the replay of a
// counterexample when a failure is classified (why/classify.ts) and the tests' replays.

import type { Proc } from '../../lang/ast';
import type { CheckedProgram } from '../../lang/checked';
import { inputTypesOf } from './havoc';
import { parseInputs, type Inputs } from './inputs';
import { runConcrete, type ConcreteResult } from './interpreter';
import type { InputObjects } from './objects';

export interface Replayed {
  /** Absent when the inputs do not parse (`error` says why). */
  readonly run?: ConcreteResult;
  readonly error?: string;
  /** Input names the program never reads (kept, but probably a typo or a modular havoc). */
  readonly unread: readonly string[];
}

/** How the parsed inputs are run: the interpreter by default; a caller may watch the run (why/observe.ts). */
export type RunInputs = (checked: CheckedProgram, proc: Proc, inputs: Inputs, objects?: InputObjects) => ConcreteResult;

const plainRun: RunInputs = (checked, proc, inputs, objects) => runConcrete(checked, proc, inputs, { objects });

export function replayInputs(checked: CheckedProgram, proc: Proc, json: unknown, run: RunInputs = plainRun): Replayed {
  const parsed = parseInputs(json, inputTypesOf(checked, proc), checked.classes);
  const unread = parsed.warnings ?? [];
  if (parsed.error || !parsed.inputs) return { error: parsed.error ?? 'the inputs do not parse', unread };
  return { run: run(checked, proc, parsed.inputs, parsed.objects), unread };
}
