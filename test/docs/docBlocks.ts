// Reads the examples of docs/language.md: every fenced block, its line, the section it sits
// in, and the annotation in its info string (```sym expect=verified args="--mode modular").
// The annotation format is documented in the HTML comment at the top of docs/language.md;
// this file only parses it, and reports malformed annotations as problems so the test fails.

export interface DocBlock {
  /** Line of the opening fence in the markdown file (1-based). */
  readonly line: number;
  /** The nearest `##`/`###` heading above the block. */
  readonly section: string;
  /** The fence's language (`sym`, `text`, or '' when none is given). */
  readonly lang: string;
  /** The block's text, ending with a newline. */
  readonly source: string;
  readonly annotation: Annotation;
  /** Why the annotation cannot be used, if it cannot. */
  readonly problem?: string;
}

export type Verdict =
  | { readonly kind: 'verified' | 'unknown' }
  | { readonly kind: 'failed'; readonly failures: readonly FailureAt[] }
  | { readonly kind: 'error'; readonly line: number; readonly col: number; readonly message: string };

export interface FailureAt {
  readonly kind: string;
  readonly line: number;
}

export type RunOutcome =
  { readonly kind: 'ok' | 'assume-failed' | 'cannot-run' } | { readonly kind: 'failed'; readonly failure: FailureAt };

export interface Annotation {
  readonly expect?: Verdict;
  /** Extra arguments for `symdap verify`. */
  readonly args: readonly string[];
  /** The entry procedure, for both verify and run. */
  readonly entry?: string;
  /** Inputs (JSON text) for `symdap run`, and what that run must report. */
  readonly run?: string;
  readonly runExpect?: RunOutcome;
  /** Whether each counterexample of an explore-mode verify is replayed with `symdap run`. */
  readonly replay: boolean;
  /** A fix this example waits for: the test skips it and says so. */
  readonly pending?: string;
}

const KEYS = new Set(['expect', 'args', 'entry', 'run', 'run-expect', 'replay', 'pending']);

/** Every fenced block of a markdown text, in order. */
export function docBlocks(markdown: string): DocBlock[] {
  const lines = markdown.split('\n');
  const blocks: DocBlock[] = [];
  let section = '(top)';
  for (let i = 0; i < lines.length; i++) {
    const heading = /^#{2,3}\s+(.*)$/.exec(lines[i]);
    if (heading) section = heading[1].trim();
    const fence = /^```(.*)$/.exec(lines[i]);
    if (!fence) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]); i++) body.push(lines[i]);
    blocks.push(makeBlock(start + 1, section, fence[1], body.join('\n') + '\n'));
  }
  return blocks;
}

function makeBlock(line: number, section: string, info: string, source: string): DocBlock {
  const [lang = '', ...rest] = info.trim().split(/\s+/);
  const words = splitWords(rest.join(' '));
  try {
    return {
      line,
      section,
      lang,
      source,
      annotation: typeof words === 'string' ? fail(words) : parseAnnotation(words),
    };
  } catch (e) {
    return { line, section, lang, source, annotation: { args: [], replay: false }, problem: (e as Error).message };
  }
}

function fail(message: string): never {
  throw new Error(message);
}

/** `key=value` words; a value may contain '…' or "…" segments (quotes removed), e.g. error:"3:5: msg". */
function splitWords(text: string): [string, string][] | string {
  const out: [string, string][] = [];
  const word = /\s*([a-z-]+)=((?:'[^']*'|"[^"]*"|[^\s'"]+)+)/y;
  let m: RegExpExecArray | null;
  let at = 0;
  while ((m = word.exec(text)) !== null) {
    out.push([
      m[1],
      m[2].replace(/'([^']*)'|"([^"]*)"/g, (_all, a: string | undefined, b: string | undefined) => a ?? b ?? ''),
    ]);
    at = word.lastIndex;
  }
  const left = text.slice(at).trim();
  return left === '' ? out : `cannot read the annotation at '${left}'`;
}

function parseAnnotation(words: [string, string][]): Annotation {
  const get = new Map<string, string>();
  for (const [k, v] of words) {
    if (!KEYS.has(k)) fail(`unknown annotation key '${k}'`);
    if (get.has(k)) fail(`annotation key '${k}' given twice`);
    get.set(k, v);
  }
  const run = get.get('run');
  if (run !== undefined) JSON.parse(run);
  if ((run === undefined) !== (get.get('run-expect') === undefined)) fail(`'run' and 'run-expect' go together`);
  const replay = get.get('replay') ?? 'yes';
  if (replay !== 'yes' && replay !== 'no') fail(`replay must be yes or no, not '${replay}'`);
  const expect = get.get('expect');
  return {
    expect: expect === undefined ? undefined : parseVerdict(expect),
    args: (get.get('args') ?? '').split(/\s+/).filter((a) => a !== ''),
    entry: get.get('entry'),
    run,
    runExpect: run === undefined ? undefined : parseRunOutcome(get.get('run-expect')!),
    replay: replay === 'yes',
    pending: get.get('pending'),
  };
}

function parseFailure(text: string): FailureAt {
  const m = /^([a-z-]+)@(\d+)$/.exec(text);
  if (!m) fail(`a failure is KIND@LINE, not '${text}'`);
  return { kind: m[1], line: Number(m[2]) };
}

function parseVerdict(text: string): Verdict {
  if (text === 'verified' || text === 'unknown') return { kind: text };
  if (text.startsWith('failed:')) return { kind: 'failed', failures: text.slice(7).split(',').map(parseFailure) };
  const err = /^error:(\d+):(\d+): (.+)$/.exec(text);
  if (err) return { kind: 'error', line: Number(err[1]), col: Number(err[2]), message: err[3] };
  return fail(`cannot read expect=${text}`);
}

function parseRunOutcome(text: string): RunOutcome {
  if (text === 'ok' || text === 'assume-failed' || text === 'cannot-run') return { kind: text };
  if (text.startsWith('failed:')) return { kind: 'failed', failure: parseFailure(text.slice(7)) };
  return fail(`cannot read run-expect=${text}`);
}
