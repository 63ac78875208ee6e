// The TextMate grammar of Sym (extension/syntaxes/sym.tmLanguage.json):
// - runs vscode-tmgrammar-test on the scope assertions in extension/test/grammar/*.sym;
// - tokenizes every sample with vscode-textmate and checks it against the real Sym lexer:
//   each keyword, type, number, character literal and operator the lexer finds carries the
//   matching scope, identifiers never look like keywords, and everything the lexer skips
//   (other than white space) is scoped as a comment.
// The tools live in extension/node_modules: `npm ci --prefix extension` first.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEYWORDS, TYPE_NAMES, tokenize, type Token } from '../../src/lang/lexer';
import { loadGrammar, scopesByChar, type TmGrammar } from './textmate';

const root = path.resolve(__dirname, '../..');
const extensionDir = path.join(root, 'extension');
const grammarPath = path.join(extensionDir, 'syntaxes/sym.tmLanguage.json');
const requireExt = createRequire(path.join(extensionDir, 'package.json'));

/** The scope a lexer token must carry (a prefix of one of its scopes); undefined for identifiers. */
function expectedScope(token: Token): RegExp | undefined {
  switch (token.type) {
    case 'ident':
      return undefined;
    case 'typeName':
      return /^support\.type\.primitive\.sym$/;
    case 'keyword':
      if (token.text === 'null') return /^constant\.language\.null\./;
      return token.text === 'true' || token.text === 'false' ? /^constant\.language\.boolean\./ : /^keyword\./;
    case 'int':
      return /^constant\.numeric\.(decimal|hex)\.sym$/;
    case 'char':
      return /^string\.quoted\.single\.sym$/;
    default: // operators and punctuation, however the lexer groups them
      return /^(keyword\.operator|punctuation|constant\.language\.havoc|storage\.modifier\.array)\./;
  }
}

const NOT_FOR_IDENTIFIERS = /^(keyword|support\.type|constant|comment|string|storage)\./;
// The synth declaration's contextual words are identifiers to the lexer; the grammar scopes them
// as keywords only where they open a grammar (`grammar {`) or give its depth (`depth 3`).
const CONTEXTUAL_KEYWORDS = new Set(['grammar', 'depth']);

function tokenProblem(token: Token, chars: readonly (string[] | undefined)[]): string | undefined {
  const expected = expectedScope(token);
  for (const charScopes of chars.map((c) => c ?? [])) {
    const shown = `[${charScopes.join(' ')}]`;
    if (charScopes.some((s) => s.startsWith('comment.'))) return `code scoped as a comment ${shown}`;
    if (expected && !charScopes.some((s) => expected.test(s))) return `${shown} lacks ${expected}`;
    const keywordOk = CONTEXTUAL_KEYWORDS.has(token.text) && charScopes.some((s) => s === 'keyword.other.synth.sym');
    if (!expected && !keywordOk && charScopes.some((s) => NOT_FOR_IDENTIFIERS.test(s)))
      return `identifier scoped ${shown}`;
  }
  return undefined;
}

/** Problems found when comparing the grammar's scopes with the lexer's tokens. */
function checkAgainstLexer(grammar: TmGrammar, source: string): string[] {
  const scopes = scopesByChar(grammar, source);
  const { tokens, error } = tokenize(source);
  const problems: string[] = [];
  const covered = scopes.map((line) => line.map(() => false));
  for (const token of tokens) {
    const start = token.col - 1;
    for (let i = start; i < start + token.text.length; i++) covered[token.line - 1][i] = true;
    const problem = tokenProblem(token, scopes[token.line - 1].slice(start, start + token.text.length));
    if (problem !== undefined) problems.push(`${token.line}:${token.col} '${token.text}': ${problem}`);
  }
  // What the lexer skipped before its first error is white space or comments.
  const lines = source.split(/\r?\n/);
  const stopLine = error ? error.span.line : lines.length + 1;
  lines.forEach((text, l) => {
    if (l + 1 >= stopLine) return;
    for (let i = 0; i < text.length; i++) {
      if (covered[l][i] || /\s/.test(text[i])) continue;
      if (!(scopes[l][i] ?? []).some((s) => s.startsWith('comment.')))
        problems.push(`${l + 1}:${i + 1}: '${text[i]}' is neither code nor comment`);
    }
  });
  return problems;
}

function symFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.sym'))
    .map((f) => path.join(dir, f))
    .sort();
}

// The example of the first design (docs/design.md S.2), so the check has a subject even before samples/ exists.
const DESIGN_EXAMPLE = `// comments: // and /* */
proc max(a: int, b: int) returns (m: int)
  requires true
  ensures m >= a && m >= b
{
  if (a > b) { m := a; } else { m := b; }
}

proc main() {
  var x: int := *;            // fresh symbolic input
  var y: u8 := 200;
  assume x > 0;
  var m: int := max(x, 3);
  y := y + 100;               /* u8 wraps to 44 */
  assert m >= 3;
  join m >= x;                // seed-style join with an assertion
  while (x > 0) invariant x >= 0 { x := x - 1; }
  var c: u8 := '\\n';
  var h: u32 := 0xFF as u32 << 2;
  assert forall i: int, j: int :: i <= j ==> !(i > j);
}
`;

function runGrammarTool(pattern: string): { status: number | null; output: string } {
  const bin = requireExt.resolve('vscode-tmgrammar-test/dist/unit.js');
  const r = spawnSync(process.execPath, [bin, '--compact', '--grammar', grammarPath, pattern], {
    cwd: extensionDir,
    encoding: 'utf8',
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('vscode-tmgrammar-test fixtures', () => {
  it('all scope assertions in extension/test/grammar hold', () => {
    const { status, output } = runGrammarTool('test/grammar/*.sym');
    expect(output).not.toMatch(/ERROR/);
    expect(status, output).toBe(0);
    expect(output.match(/run successfuly/g)?.length).toBe(symFiles(path.join(extensionDir, 'test/grammar')).length);
  });

  it('the tool reports a wrong assertion (so the fixture run above can fail)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'symdap-grammar-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'wrong.sym'),
        '// SYNTAX TEST "source.sym" "wrong"\nassert x;\n// <------ support.type.primitive.sym\n',
      );
      const { status, output } = runGrammarTool(path.join(dir, '*.sym'));
      expect(status).not.toBe(0);
      expect(output).toMatch(/support\.type\.primitive\.sym/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the grammar agrees with the Sym lexer', () => {
  let grammar: TmGrammar;
  beforeAll(async () => {
    grammar = await loadGrammar('syntaxes/sym.tmLanguage.json', 'source.sym');
  });

  it.each([...KEYWORDS, ...TYPE_NAMES])('keyword %s on its own gets its scope', (word) => {
    const [token] = tokenize(word).tokens;
    expect(token.type).not.toBe('ident');
    const scopes = scopesByChar(grammar, word)[0][0];
    expect(
      scopes.some((s) => expectedScope(token)!.test(s)),
      scopes.join(' '),
    ).toBe(true);
  });

  it("the first design's example (docs/design.md S.2)", () => {
    expect(checkAgainstLexer(grammar, DESIGN_EXAMPLE)).toEqual([]);
  });

  it('the check itself catches a grammar that scopes nothing', () => {
    const broken = {
      tokenizeLine: (line: string, state: unknown) => {
        const r = grammar.tokenizeLine(line, state);
        return { ...r, tokens: r.tokens.map((t) => ({ ...t, scopes: ['source.sym'] })) };
      },
    };
    expect(checkAgainstLexer(broken, 'proc main() { assume 1 > 0; }').length).toBeGreaterThan(0);
  });

  const samples = symFiles(path.join(root, 'samples'));
  it.each(samples.map((f) => [path.relative(root, f), f]))('sample %s', (_name, file) => {
    expect(checkAgainstLexer(grammar, fs.readFileSync(file, 'utf8'))).toEqual([]);
  });
});
