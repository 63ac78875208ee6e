// The install routes a new user follows, run for real from a fresh `git clone` of this
// repository (its committed HEAD) into temporary npm prefixes: `npm install -g .` alone, the same
// after `npm install`, and the packed tarball (`npm pack`, then `npm install -g` of it). Each
// must put a `symdap` command in PREFIX/bin that runs the built engine — not the VS Code
// extension folder, which a nested npm inheriting `npm_config_global` used to install instead.
// Needs the npm registry (or a warm npm cache); skipped, and listed as skipped, without it.
// Run with `npm run test:install` (about 5 minutes; not part of `npm test`).

import { spawnSync, SpawnSyncReturns } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionalTool } from '../support/optionalTools';

const ROOT = path.resolve(__dirname, '..', '..');
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const INSTALL_TIMEOUT = 600_000;

/** This process's environment without the npm_* variables of an `npm test` that started it. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
}

function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env: cleanEnv(), encoding: 'utf8', timeout: INSTALL_TIMEOUT });
}

function ok(r: SpawnSyncReturns<string>, what: string): string {
  expect(r.status, `${what}\n${r.stdout}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

const registryReachable = optionalTool(
  'the npm registry',
  run('npm', ['ping'], tmpdir()).status === 0,
  'network access to the npm registry',
);

/** Runs the installed command `PREFIX/bin/symdap` from a folder outside the clone. */
function installedSymdap(prefix: string, args: string[]): SpawnSyncReturns<string> {
  return run(path.join(prefix, 'bin', 'symdap'), args, tmpdir());
}

/** The installed command prints this package's version and verifies a sample of the clone. */
function expectWorkingCommand(prefix: string, sample: string): void {
  expect(ok(installedSymdap(prefix, ['--version']), 'symdap --version').trim()).toBe(`symdap ${VERSION}`);
  const verified = installedSymdap(prefix, ['verify', sample]);
  expect(verified.status, verified.stderr).toBe(0);
  expect(verified.stdout).toContain(`${sample}: verified`);
  const failing = installedSymdap(prefix, ['verify', sample.replace('max.sym', 'abs_wrong_post.sym')]);
  expect(failing.stdout).toContain('postcondition may fail');
}

describe.skipIf(!registryReachable)('installing symdap from a fresh clone', () => {
  let scratch = '';
  const clone = (name: string): string => {
    const dir = path.join(scratch, name);
    ok(run('git', ['clone', '--quiet', ROOT, dir], scratch), 'git clone');
    return dir;
  };
  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'symdap-install-'));
  });
  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it(
    'npm install -g . alone links the clone, with its engine built, as the symdap command',
    () => {
      const dir = clone('alone');
      const prefix = path.join(scratch, 'prefix-alone');
      ok(run('npm', ['install', '-g', '--prefix', prefix, '.'], dir), 'npm install -g .');
      const installed = path.join(prefix, 'lib', 'node_modules');
      expect(realpathSync(path.join(installed, 'symdap'))).toBe(realpathSync(dir));
      expect(existsSync(path.join(dir, 'dist', 'cli', 'main.js'))).toBe(true);
      expect(existsSync(path.join(dir, 'dist', 'ui', 'tree.js'))).toBe(true);
      expectWorkingCommand(prefix, path.join(dir, 'samples', 'contracts', 'max.sym'));
    },
    INSTALL_TIMEOUT,
  );

  it(
    'npm install, then npm install -g .: the extension is set up in the clone, symdap is the engine',
    () => {
      const dir = clone('after');
      ok(run('npm', ['install'], dir), 'npm install');
      expect(existsSync(path.join(dir, 'extension', 'node_modules', '@vscode', 'vsce'))).toBe(true);
      const prefix = path.join(scratch, 'prefix-after');
      ok(run('npm', ['install', '-g', '--prefix', prefix, '.'], dir), 'npm install -g .');
      const link = path.join(prefix, 'lib', 'node_modules', 'symdap');
      expect(lstatSync(link).isSymbolicLink() && realpathSync(link)).toBe(realpathSync(dir));
      expect(readlinkSync(path.join(prefix, 'bin', 'symdap'))).toMatch(/symdap[\\/]bin[\\/]symdap\.js$/);
      expectWorkingCommand(prefix, path.join(dir, 'samples', 'contracts', 'max.sym'));
    },
    INSTALL_TIMEOUT,
  );

  it(
    'npm pack makes a tarball with dist/ and no install script; installed, it needs no clone',
    () => {
      const dir = clone('pack');
      const packed = JSON.parse(ok(run('npm', ['pack', '--json'], dir), 'npm pack')) as {
        filename: string;
        files: { path: string }[];
      }[];
      const files = packed[0].files.map((f) => f.path);
      expect(files).toEqual(
        expect.arrayContaining(['bin/symdap.js', 'dist/cli/main.js', 'dist/ui/tree.js', 'samples/contracts/max.sym']),
      );
      expect(
        files.filter((f) => f.startsWith('extension/') || f.startsWith('src/') || f.startsWith('scripts/')),
      ).toEqual([]);
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      };
      expect(Object.keys(manifest.scripts).filter((s) => /^(pre|post)?install$/.test(s))).toEqual([]);

      const tarball = path.join(scratch, packed[0].filename);
      ok(run('mv', [path.join(dir, packed[0].filename), tarball], scratch), 'mv');
      const sample = path.join(scratch, 'max.sym');
      ok(
        run(
          'cp',
          [
            path.join(dir, 'samples', 'contracts', 'max.sym'),
            path.join(dir, 'samples', 'contracts', 'abs_wrong_post.sym'),
            scratch,
          ],
          scratch,
        ),
        'cp',
      );
      rmSync(dir, { recursive: true, force: true });
      const prefix = path.join(scratch, 'prefix-tarball');
      ok(run('npm', ['install', '-g', '--prefix', prefix, tarball], scratch), 'npm install -g TARBALL');
      expect(lstatSync(path.join(prefix, 'lib', 'node_modules', 'symdap')).isDirectory()).toBe(true);
      expectWorkingCommand(prefix, sample);
    },
    INSTALL_TIMEOUT,
  );
});
