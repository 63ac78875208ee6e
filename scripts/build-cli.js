#!/usr/bin/env node
// Bundles the compiled CLI (dist/cli/main.js and every module it requires, packages left
// out) into one file, dist/cli.bundle.js, with esbuild; part of `npm run build`, generated,
// never committed. Why: `symdap verify` loads ~190 of our modules, and Node pays per module
// (resolving, stat and realpath, reading, compiling the wrapper): one file cut 12 ifs' CPU by
// ~20% (docs/performance.md). Modules still run lazily: esbuild wraps each CommonJS module
// and runs it on its first require, so `await import()` on first use keeps its effect.
// `__dirname` and `__filename` keep meaning the module's own place in dist/ (worker scripts,
// the page bundle, package.json are found from there), as the bundle sits in dist/ itself.
// The worker threads' scripts get a bundle each too (dist/splitWorker.bundle.js,
// dist/worker.bundle.js; parallel/pool.ts's workerScript): a split run's second lane loads the
// engine again in its own isolate, and did so module by module. And `symdap check` gets
// dist/check.bundle.js: the CLI's entry and what `check` loads of a Sym file (~40 modules), the
// other commands and Viper's front end left as modules, loaded by their `await import()` if
// ever (bin/symdap.js).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const dist = path.join(__dirname, '..', 'dist');

/** Rewrites `__dirname`/`__filename` of a dist module to its own directory/file, from the bundle's. */
const ownPlace = {
  name: 'own-place',
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, (args) => {
      if (!args.path.startsWith(dist + path.sep)) return undefined;
      const text = fs.readFileSync(args.path, 'utf8');
      if (!/\b__(dirname|filename)\b/.test(text)) return { contents: text, loader: 'js' };
      const rel = (p) => JSON.stringify(path.relative(dist, p).split(path.sep).join('/'));
      const contents = text
        .replace(/\b__dirname\b/g, `require("node:path").join(__dirname, ${rel(path.dirname(args.path))})`)
        .replace(/\b__filename\b/g, `require("node:path").join(__dirname, ${rel(args.path)})`);
      return { contents, loader: 'js' };
    });
  },
};

/** Leaves every `await import()` of a dist module out of the bundle (loaded from dist/ when it
 *  runs), but those of `kept` ('cli/check' imported by cli/main.js, …: dist paths without .js).
 *  tsc compiles `await import('./x')` to `Promise.resolve().then(() => __importStar(require('./x')))`,
 *  which is how such a require is told from the module's own (static) ones. */
function lazyImportsOut(kept) {
  return {
    name: 'lazy-imports-out',
    setup(build) {
      build.onResolve({ filter: /^\./ }, (args) => {
        if (!args.importer.startsWith(dist + path.sep)) return undefined;
        const quoted = args.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const lazy = new RegExp(
          `Promise\\.resolve\\(\\)\\.then\\(\\(\\) => __importStar\\(require\\((['"])${quoted}\\1\\)`,
        );
        if (!lazy.test(fs.readFileSync(args.importer, 'utf8'))) return undefined;
        const target = path.relative(dist, path.resolve(args.resolveDir, args.path)).split(path.sep).join('/');
        if (kept.includes(target)) return undefined;
        return { path: `./${target}.js`, external: true };
      });
    },
  };
}

/** One bundle: `entry` (a dist module) and what it requires, packages left out. */
function bundle(entry, outfile, plugins = []) {
  return esbuild.build({
    entryPoints: [path.join(dist, entry)],
    outfile: path.join(dist, outfile),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Whitespace only: a third less to parse at start-up, names and messages unchanged.
    minifyWhitespace: true,
    plugins: [...plugins, ownPlace],
    logLevel: 'warning',
  });
}

Promise.all([
  bundle('cli/main.js', 'cli.bundle.js'),
  bundle('engine/parallel/splitWorker.js', 'splitWorker.bundle.js'),
  bundle('engine/parallel/worker.js', 'worker.bundle.js'),
  bundle('cli/main.js', 'check.bundle.js', [lazyImportsOut(['cli/check', 'lang/symFrontend'])]),
]).catch(() => process.exit(1));
