// Debug adapter benchmarks over the built CLI in dist/ (`node bin/symdap.js dap`):
//  - `next` round trip (request to stopped event) on a 500-statement program: median < 5 ms
//  - launch to the first stop, Z3 start included (fresh adapter process): < 800 ms
//  - `continue` over 12 independent ifs (4,096 paths) to the end: < 2 s
//  - 20 concurrent TCP sessions stepping at once: no errors, median `next` < 20 ms
//  - `symdap dap --server=PORT` from spawn until the port accepts: < 500 ms (Helix connects
//    once, 500 ms after starting the server)
// Run alone with `node bench/dap.js`, or through bench/run.js which calls run().
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const BIN = path.join(ROOT, 'bin', 'symdap.js');
const { ContentLengthDecoder, encodeMessage } = require(path.join(ROOT, 'dist', 'adapter', 'transport', 'framing.js'));
const { DEFAULT_LIMITS } = require(path.join(ROOT, 'dist', 'adapter', 'limits.js'));

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const now = () => Number(process.hrtime.bigint()) / 1e6;
const round = (x) => Math.round(x * 100) / 100;

/** A minimal promise-based DAP client over a readable/writable pair. */
class Client {
  constructor(readable, writable) {
    this.writable = writable;
    this.seq = 1;
    this.pending = new Map();
    this.waiters = [];
    const decoder = new ContentLengthDecoder(DEFAULT_LIMITS);
    readable.on('data', (chunk) => {
      const { messages, error } = decoder.push(chunk);
      if (error) throw new Error(`bad framing from the adapter: ${error}`);
      messages.forEach((m) => this.receive(m));
    });
  }

  receive(m) {
    if (m.type === 'response') {
      const p = this.pending.get(m.request_seq);
      this.pending.delete(m.request_seq);
      if (p) (m.success ? p.resolve : p.reject)(m.success ? m : new Error(`${m.command}: ${m.message}`));
    } else if (m.type === 'event') {
      const i = this.waiters.findIndex((w) => w.event === m.event);
      if (i >= 0) this.waiters.splice(i, 1)[0].resolve(m);
    }
  }

  send(command, args) {
    const seq = this.seq++;
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      this.writable.write(encodeMessage({ seq, type: 'request', command, arguments: args }));
    });
  }

  event(name, timeoutMs = 30000) {
    return new Promise((resolve, reject) => {
      const w = {
        event: name,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        reject(new Error(`no '${name}' event within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(w);
    });
  }

  /** initialize → launch (stopOnEntry) → configurationDone; resolves with the stopped event and the launch time. */
  async launch(program) {
    const initialized = this.event('initialized');
    await this.send('initialize', {
      adapterID: 'symdap',
      linesStartAt1: true,
      columnsStartAt1: true,
      pathFormat: 'path',
    });
    const stopped = this.event('stopped');
    const start = now();
    const launched = this.send('launch', { program, stopOnEntry: true });
    await initialized;
    await this.send('configurationDone');
    await launched;
    const stop = await stopped;
    return { stop, ms: now() - start };
  }

  /** One `next`, timed from the request to the stopped event. */
  async next(threadId) {
    const stopped = this.event('stopped');
    const start = now();
    await this.send('next', { threadId });
    await stopped;
    return now() - start;
  }
}

function spawnAdapter(args = []) {
  const child = spawn(process.execPath, [BIN, 'dap', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return { child, stderr: () => stderr };
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A straight-line program: `next` never forks, so it measures the adapter, not the solver. */
function writeLongProgram(dir, statements) {
  const body = Array.from({ length: statements }, (_, i) => `  s := s + ${i % 7} * x;`).join('\n');
  const file = path.join(dir, `long${statements}.sym`);
  fs.writeFileSync(file, `proc main(x: int) {\n  var s: int := 0;\n${body}\n  assert s == s;\n}\n`);
  return file;
}

async function stdioSession(program) {
  const { child } = spawnAdapter();
  const client = new Client(child.stdout, child.stdin);
  const first = await client.launch(program);
  return { child, client, first };
}

async function nextRoundTrip(program) {
  const { child, client, first } = await stdioSession(program);
  const threadId = first.stop.body.threadId;
  for (let i = 0; i < 20; i++) await client.next(threadId);
  const times = [];
  for (let i = 0; i < 200; i++) times.push(await client.next(threadId));
  // Guard against timing a no-op: 220 steps must have moved the path 220 statements on.
  const { body } = await client.send('stackTrace', { threadId });
  if (body.stackFrames[0].line < 220) throw new Error(`next did not advance (line ${body.stackFrames[0].line})`);
  await stop(child);
  const m = median(times);
  return {
    benchmark: 'next round trip (500 statements)',
    metric: 'median',
    value: round(m),
    unit: 'ms',
    target: '< 5 ms',
    ok: m < 5,
  };
}

async function launchToFirstStop() {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const { child, first } = await stdioSession(path.join(ROOT, 'samples', 'lecture', 'three_paths.sym'));
    times.push(first.ms);
    await stop(child);
  }
  const m = median(times);
  return {
    benchmark: 'launch to first stop (fresh process)',
    metric: 'median of 3',
    value: round(m),
    unit: 'ms',
    target: '< 800 ms',
    ok: m < 800,
  };
}

async function continueTwelveIfs() {
  const { child, client, first } = await stdioSession(path.join(ROOT, 'samples', 'join', 'ifs_no_join.sym'));
  const terminated = client.event('terminated', 60000);
  const start = now();
  await client.send('continue', { threadId: first.stop.body.threadId });
  await terminated;
  const ms = now() - start;
  await stop(child);
  return {
    benchmark: 'continue over 12 ifs (4,096 paths)',
    metric: 'time',
    value: round(ms),
    unit: 'ms',
    target: '< 2000 ms',
    ok: ms < 2000,
  };
}

async function listeningPort(adapter) {
  for (let i = 0; i < 200; i++) {
    const m = /listening on 127\.0\.0\.1:(\d+)/.exec(adapter.stderr());
    if (m) return Number(m[1]);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the TCP adapter did not start: ${adapter.stderr()}`);
}

async function concurrentTcp(program) {
  const adapter = spawnAdapter(['--server=0']);
  const port = await listeningPort(adapter);
  const sockets = await Promise.all(
    Array.from(
      { length: 20 },
      () =>
        new Promise((resolve, reject) => {
          const s = net.createConnection(port, '127.0.0.1', () => resolve(s));
          s.once('error', reject);
        }),
    ),
  );
  let errors = 0;
  const times = [];
  await Promise.all(
    sockets.map(async (s) => {
      try {
        const client = new Client(s, s);
        const { stop: first } = await client.launch(program);
        for (let i = 0; i < 50; i++) times.push(await client.next(first.body.threadId));
        await client.send('disconnect', {});
      } catch {
        errors++;
      }
      s.destroy();
    }),
  );
  await stop(adapter.child);
  const m = median(times);
  return {
    benchmark: '20 concurrent TCP sessions stepping',
    metric: `median next (${errors} errors)`,
    value: round(m),
    unit: 'ms',
    target: 'no errors, < 20 ms',
    ok: errors === 0 && m < 20,
  };
}

/** A port nothing listens on now (as editors pick one for `--server=PORT`). */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function accepts(port) {
  return new Promise((resolve) => {
    const s = net.createConnection(port, '127.0.0.1', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** Spawn to the first accepted connection (a silent probe, which does not end the server). */
async function timeToListening() {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const port = await freePort();
    const start = now();
    const adapter = spawnAdapter([`--server=${port}`]);
    while (!(await accepts(port))) {
      if (adapter.child.exitCode !== null) throw new Error(`the TCP adapter exited: ${adapter.stderr()}`);
      await new Promise((r) => setTimeout(r, 2));
    }
    times.push(now() - start);
    await stop(adapter.child);
  }
  const m = median(times);
  return {
    benchmark: 'dap --server: spawn to listening',
    metric: 'median of 5',
    value: round(m),
    unit: 'ms',
    target: '< 500 ms',
    ok: m < 500,
  };
}

async function run() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'symdap-bench-'));
  try {
    const program = writeLongProgram(dir, 500);
    return [
      await nextRoundTrip(program),
      await launchToFirstStop(),
      await continueTwelveIfs(),
      await concurrentTcp(program),
      await timeToListening(),
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { run, Client };

if (require.main === module) {
  run().then(
    (rows) => console.table(rows),
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
