// The launch arguments of a symdap debug session: the single source of truth.
// The DAP session validates `launch` requests with validateLaunchArgs(); the VS Code
// manifest's `configurationAttributes.launch` is generated from launchConfigurationSchema()
// by extension/scripts/gen-manifest.js (a test checks the committed manifest is current).
// The TypeScript type LaunchArgs is derived from the same table, so the three cannot drift.

/** How one launch argument is described (a small subset of JSON Schema plus our `required`). */
export interface LaunchArgSpec {
  /** `['string', 'object']`: a file path or the value itself (JSON Schema's list of types). */
  readonly type: 'string' | 'boolean' | 'integer' | readonly ['string', 'object'];
  readonly description: string;
  readonly required?: boolean;
  readonly enum?: readonly string[];
  readonly enumDescriptions?: readonly string[];
  readonly default?: string | boolean | number;
  readonly minimum?: number;
}

export const LAUNCH_ARGUMENTS = {
  program: {
    type: 'string',
    required: true,
    description: 'Path to the .sym file to debug.',
  },
  entry: {
    type: 'string',
    description:
      'Entry procedure; its parameters become symbolic inputs. Default: `main`, else the first procedure of the file.',
  },
  mode: {
    type: 'string',
    enum: ['explore', 'modular'],
    default: 'explore',
    enumDescriptions: [
      'Inline calls and unroll loops up to the bounds.',
      'Verify each procedure once against its contract; use contracts at call sites and loop invariants.',
    ],
    description: 'How calls and loops are handled.',
  },
  stopOnEntry: {
    type: 'boolean',
    default: true,
    description: 'Stop at the first statement of the entry procedure.',
  },
  loopBound: {
    type: 'integer',
    minimum: 1,
    default: 10,
    description: 'How many times a loop is unrolled on one path before the path ends as "bound reached".',
  },
  recursionBound: {
    type: 'integer',
    minimum: 1,
    default: 10,
    description: 'How deep calls of one procedure may nest on one path before the path ends as "bound reached".',
  },
  searcher: {
    type: 'string',
    enum: ['dfs', 'bfs', 'random', 'coverage', 'generational'],
    default: 'dfs',
    enumDescriptions: [
      'Depth-first: follow one path to its end before the next.',
      'Breadth-first: advance all paths in turn.',
      'Random path: pick a random branch of the execution tree.',
      'Coverage: prefer paths that reach statements not yet covered.',
      "SAGE's generational search from `seed`: each concolic run is a thread with its input; `continue` runs them in order to the first failure or breakpoint.",
    ],
    description: 'The order in which `continue` explores live paths.',
  },
  branching: {
    type: 'string',
    enum: ['fork', 'ask'],
    default: 'fork',
    enumDescriptions: [
      'Where both sides of a branch are feasible, fork a new thread for each.',
      'Stop at every feasible branch and let the user pick a side (step into targets).',
    ],
    description: 'What happens at a branch whose two sides are both feasible.',
  },
  maxThreads: {
    type: 'integer',
    minimum: 1,
    default: 64,
    description: 'How many paths are listed as threads; the rest are summarised in the output.',
  },
  solverTimeout: {
    type: 'integer',
    minimum: 1,
    default: 10000,
    description: 'Timeout of one solver query in milliseconds; a timeout counts as "unknown".',
  },
  solver: {
    type: 'string',
    enum: ['z3-wasm', 'z3-native'],
    default: 'z3-wasm',
    enumDescriptions: [
      'The embedded Z3 (WebAssembly); nothing to install.',
      'A `z3` executable on the PATH, driven over SMT-LIB2.',
    ],
    description: 'The SMT solver backend.',
  },
  inputs: {
    type: ['string', 'object'],
    description:
      'Concolic debugging: concrete inputs, as a JSON file in the `symdap run --inputs` format or an object (e.g. {"x": 5}). The run follows the path these inputs take; Variables show each value beside its symbolic expression; at a branch, step into targets offers the other side with an input that takes it.',
  },
  seed: {
    type: ['string', 'object'],
    description:
      'With searcher `generational`: the first input, as a JSON file in the `symdap run --inputs` format or an object. Default: all inputs zero (false, empty arrays).',
  },
  runs: {
    type: 'integer',
    minimum: 1,
    description: "With searcher `generational`: at most this many concolic runs (the seed's included). Default: 100.",
  },
  ui: {
    type: 'boolean',
    description:
      'Serve the execution-tree page on 127.0.0.1 for a browser beside the editor; its address comes as an output event. Default: on with `symdap dap --ui`, else off.',
  },
  trace: {
    type: 'boolean',
    default: false,
    description: 'Log the Debug Adapter Protocol traffic to the debug console.',
  },
} as const satisfies Record<string, LaunchArgSpec>;

type Specs = typeof LAUNCH_ARGUMENTS;
export type LaunchArgName = keyof Specs;

type ValueOf<S> = S extends { readonly type: readonly ['string', 'object'] }
  ? string | Readonly<Record<string, unknown>>
  : S extends { readonly enum: readonly (infer E)[] }
    ? E
    : S extends { readonly type: 'boolean' }
      ? boolean
      : S extends { readonly type: 'integer' }
        ? number
        : string;

// After validation an argument is present when it is required or has a default.
type Present = {
  [K in LaunchArgName]: Specs[K] extends { required: true } | { default: unknown } ? K : never;
}[LaunchArgName];
type Absent = Exclude<LaunchArgName, Present>;

/** Validated launch arguments, every default filled in. */
export type LaunchArgs = {
  readonly [K in Present]: ValueOf<Specs[K]>;
} & {
  readonly [K in Absent]?: ValueOf<Specs[K]>;
};

/** Keys every DAP client or VS Code adds to a launch configuration; never reported. */
const CLIENT_KEYS: ReadonlySet<string> = new Set([
  'type',
  'request',
  'name',
  'noDebug',
  'preLaunchTask',
  'postDebugTask',
  'internalConsoleOptions',
  'debugServer',
  'presentation',
  'suppressMultipleSessionWarning',
  'cwd',
  'console',
  'env',
  'host', // dap-mode (Emacs) sends its connection settings along with the launch arguments
]);

const SPECS: ReadonlyArray<readonly [LaunchArgName, LaunchArgSpec]> = Object.entries(LAUNCH_ARGUMENTS) as [
  LaunchArgName,
  LaunchArgSpec,
][];

export interface LaunchValidation {
  readonly args?: LaunchArgs;
  readonly errors: string[];
  /** Unknown arguments (likely typos); they do not stop the launch. */
  readonly warnings: string[];
}

/** Checks raw `launch` arguments against LAUNCH_ARGUMENTS; `args` is set only when there are no errors. */
export function validateLaunchArgs(raw: unknown): LaunchValidation {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { errors: ['launch arguments must be an object'], warnings: [] };
  }
  const input = raw as Record<string, unknown>;
  const errors: string[] = [];
  const args: Record<string, unknown> = {};
  for (const [name, spec] of SPECS) {
    const value = input[name];
    if (value === undefined || value === null) {
      if (spec.required) errors.push(`launch argument '${name}' is required (${spec.description})`);
      else if (spec.default !== undefined) args[name] = spec.default;
      continue;
    }
    const problem = checkValue(value, spec);
    if (problem === undefined) args[name] = value;
    else errors.push(`launch argument '${name}' ${problem}`);
  }
  const warnings = Object.keys(input).filter(isUnknownKey).map(unknownKeyWarning);
  return errors.length === 0 ? { args: args as LaunchArgs, errors, warnings } : { errors, warnings };
}

function checkValue(value: unknown, spec: LaunchArgSpec): string | undefined {
  if (Array.isArray(spec.type)) {
    const ok =
      (typeof value === 'string' && value !== '') ||
      (typeof value === 'object' && value !== null && !Array.isArray(value));
    return ok ? undefined : `must be a file path or an object, not ${show(value)}`;
  }
  const ok =
    spec.type === 'boolean'
      ? typeof value === 'boolean'
      : spec.type === 'integer'
        ? Number.isSafeInteger(value) && (value as number) >= (spec.minimum ?? -Infinity)
        : typeof value === 'string' && (spec.enum ? spec.enum.includes(value) : !(spec.required && value === ''));
  return ok ? undefined : `must be ${expectation(spec)}, not ${show(value)}`;
}

function expectation(spec: LaunchArgSpec): string {
  switch (spec.type) {
    case 'boolean':
      return 'true or false';
    case 'integer':
      if (spec.minimum === undefined) return 'an integer';
      return spec.minimum === 1 ? 'a positive integer' : `an integer >= ${spec.minimum}`;
    case 'string':
      if (spec.enum) return `one of ${spec.enum.map((e) => `'${e}'`).join(', ')}`;
      return spec.required ? 'a non-empty string' : 'a string';
    default:
      return 'a file path or an object';
  }
}

function show(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : (JSON.stringify(value) ?? String(value));
}

function isUnknownKey(key: string): boolean {
  return !(key in LAUNCH_ARGUMENTS) && !CLIENT_KEYS.has(key) && !key.startsWith('__');
}

function unknownKeyWarning(key: string): string {
  const near = SPECS.find(([name]) => name.toLowerCase() === key.toLowerCase());
  const hint = near ? ` (did you mean '${near[0]}'?)` : '';
  return `unknown launch argument '${key}' is ignored${hint}`;
}

/** The JSON schema VS Code shows for `launch` configurations (package.json configurationAttributes.launch). */
export function launchConfigurationSchema(): {
  required: string[];
  properties: Record<string, Omit<LaunchArgSpec, 'required'>>;
} {
  const properties: Record<string, Omit<LaunchArgSpec, 'required'>> = {};
  for (const [name, spec] of SPECS) {
    const { required: _required, ...schema } = spec;
    properties[name] = schema;
  }
  return { required: SPECS.filter(([, s]) => s.required).map(([n]) => n), properties };
}
