// validateLaunchArgs: defaults, the error messages users see, and tolerance of client keys.

import { describe, expect, it } from 'vitest';
import { LAUNCH_ARGUMENTS, validateLaunchArgs } from '../../src/adapter/launchSchema';

describe('validateLaunchArgs', () => {
  it('fills every default', () => {
    const { args, errors, warnings } = validateLaunchArgs({ program: 'a.sym' });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(args).toEqual({
      program: 'a.sym',
      mode: 'explore',
      stopOnEntry: true,
      loopBound: 10,
      recursionBound: 10,
      searcher: 'dfs',
      branching: 'fork',
      maxThreads: 64,
      solverTimeout: 10000,
      solver: 'z3-wasm',
      trace: false,
    });
  });

  it('keeps given values', () => {
    const raw = {
      program: 'b.sym',
      entry: 'f',
      mode: 'modular',
      stopOnEntry: false,
      loopBound: 3,
      recursionBound: 2,
      searcher: 'coverage',
      branching: 'ask',
      maxThreads: 1,
      solverTimeout: 50,
      solver: 'z3-native',
      trace: true,
    };
    expect(validateLaunchArgs(raw).args).toEqual(raw);
  });

  it('requires program', () => {
    const result = validateLaunchArgs({ stopOnEntry: true });
    expect(result.args).toBeUndefined();
    expect(result.errors).toEqual([expect.stringMatching(/^launch argument 'program' is required/)]);
    expect(validateLaunchArgs({ program: '' }).errors).toEqual([
      "launch argument 'program' must be a non-empty string, not ''",
    ]);
  });

  it.each([
    [{ loopBound: 0 }, "launch argument 'loopBound' must be a positive integer, not 0"],
    [{ loopBound: 2.5 }, "launch argument 'loopBound' must be a positive integer, not 2.5"],
    [{ maxThreads: '64' }, "launch argument 'maxThreads' must be a positive integer, not '64'"],
    [{ solverTimeout: -1 }, "launch argument 'solverTimeout' must be a positive integer, not -1"],
    [{ mode: 'fast' }, "launch argument 'mode' must be one of 'explore', 'modular', not 'fast'"],
    [
      { searcher: 3 },
      "launch argument 'searcher' must be one of 'dfs', 'bfs', 'random', 'coverage', 'generational', not 3",
    ],
    [{ stopOnEntry: 'yes' }, "launch argument 'stopOnEntry' must be true or false, not 'yes'"],
    [{ entry: ['main'] }, 'launch argument \'entry\' must be a string, not ["main"]'],
  ])('rejects %j', (bad, message) => {
    const result = validateLaunchArgs({ program: 'a.sym', ...bad });
    expect(result.errors).toEqual([message]);
    expect(result.args).toBeUndefined();
  });

  it('reports every error at once', () => {
    expect(validateLaunchArgs({ loopBound: 0, trace: 1 }).errors).toHaveLength(3);
  });

  it('rejects what is not an object', () => {
    for (const raw of [undefined, null, 42, 'a.sym', []]) {
      expect(validateLaunchArgs(raw).errors).toEqual(['launch arguments must be an object']);
    }
  });

  it('ignores keys clients add, warns about unknown ones', () => {
    const { args, warnings } = validateLaunchArgs({
      type: 'symdap',
      request: 'launch',
      name: 'x',
      __sessionId: 'abc',
      noDebug: false,
      program: 'a.sym',
      loopbound: 4,
      color: 'blue',
    });
    expect(args?.loopBound).toBe(10);
    expect(warnings).toEqual([
      "unknown launch argument 'loopbound' is ignored (did you mean 'loopBound'?)",
      "unknown launch argument 'color' is ignored",
    ]);
  });

  it('null means "use the default", as clients write it for unset values', () => {
    expect(validateLaunchArgs({ program: 'a.sym', mode: null }).args?.mode).toBe('explore');
  });

  it('every default satisfies its own argument description', () => {
    for (const [name, spec] of Object.entries(LAUNCH_ARGUMENTS)) {
      if (!('default' in spec)) continue;
      expect(validateLaunchArgs({ program: 'a.sym', [name]: spec.default }).errors, name).toEqual([]);
    }
  });
});
