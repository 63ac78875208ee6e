// The import rules `npm test` checks (test/architecture.test.ts runs dependency-cruiser with
// this file): no import cycle between files, type-only imports included, and every import
// runs down the layer order below — a folder imports its own files and the layers before it.
//
// The engine, lowest first (`ls src/engine` is this list):
//   terms      terms, the simplifier, SMT-LIB printing
//   solver     the solver front (Z3 as WebAssembly or a process), caches, models
//   state      the symbolic state: frames, values, heap chunks, path condition, failures,
//              counterexamples, the join record
//   synth      synth functions: the selector encoding and reading answers back
//   rules/heap heap judgements' helpers: field access, aliasing, assertions, snapshots
//   rules      the judgements, one per file: evaluator (eval.ts), stepper (execute.ts),
//              consume, produce, branches, calls, loops, checks (the decider's questions)
//   rules/join the joiner: joining the paths at `join;` and `join φ;`
//   concrete   the concrete interpreter (`symdap run`, counterexample replay)
//   explore    the execution tree, the explorer loop, searchers, coverage
//   concolic   concolic runs and the generational search
//   verify     the front door: a run, the report, verify/verifySource, entry, explanations
//   why        why a verdict: failure classes, proof dependencies, vacuity, two paths compared
//   parallel   `verify --jobs` and the file pool
// Beside and above the engine: src/lang (parser, checker) below it; src/lsp, src/adapter,
// src/ui and src/cli above it, src/cli on top.
// In the debugger (src/adapter): the session (DAP shapes and handles) asks the runtime, the one
// door to the engine and the solver; the runtime answers in plain rows and imports no DAP type.
'use strict';

const ENGINE = [
  'terms',
  'solver',
  'state',
  'synth',
  'rules/heap',
  'rules',
  'rules/join',
  'concrete',
  'explore',
  'concolic',
  'verify',
  'why',
  'parallel',
];
// `rules` stands for the files directly in src/engine/rules, not its subfolders.
const layerPath = (l) => (l === 'rules' ? '^src/engine/rules/[^/]+$' : `^src/engine/${l}/`);

const engineRules = ENGINE.slice(0, -1).map((layer, i) => ({
  name: `engine-${layer.replace('/', '-')}-imports-down`,
  comment: `src/engine/${layer} may import only ${ENGINE.slice(0, i).join(', ') || 'nothing else in the engine'} (and itself)`,
  severity: 'error',
  from: { path: layerPath(layer) },
  to: {
    path: ENGINE.slice(i + 1)
      .map(layerPath)
      .join('|'),
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle between files (type-only imports count): break it with a file below both.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...engineRules,
    {
      name: 'lang-below-engine',
      comment: 'src/lang (parser, checker) knows nothing of the engine or the servers.',
      severity: 'error',
      from: { path: '^src/lang/' },
      to: { path: '^src/(engine|adapter|lsp|ui|cli)/' },
    },
    {
      name: 'engine-below-servers',
      comment: 'The engine knows nothing of the debugger, the language server, the tree page or the CLI.',
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { path: '^src/(adapter|lsp|ui|cli)/' },
    },
    {
      name: 'session-asks-the-runtime',
      comment:
        'The DAP session (src/adapter/session) keeps handles and DAP shapes: it asks src/adapter/runtime, the one door to the engine and the solver.',
      severity: 'error',
      from: { path: '^src/adapter/session/' },
      to: { path: '^src/engine/' },
    },
    {
      name: 'runtime-speaks-no-dap',
      comment: 'The debugger runtime (src/adapter/runtime) answers in plain rows; DAP types stay in the session.',
      severity: 'error',
      from: { path: '^src/adapter/runtime/' },
      to: { path: '@vscode/' },
    },
    {
      name: 'nothing-imports-the-session',
      comment: 'Only the transports (and the CLI) start a session; the engine and the tree page do not know it.',
      severity: 'error',
      from: { path: '^src/(lang|engine|ui|lsp)/' },
      to: { path: '^src/adapter/session/' },
    },
    {
      name: 'cli-on-top',
      comment: 'Nothing imports the CLI.',
      severity: 'error',
      from: { path: '^src/(lang|engine|adapter|lsp|ui)/' },
      to: { path: '^src/cli/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.generated\\.' },
  },
};
