// The TextMate grammar symdap contributes for .vpr files (extension/syntaxes/viper.tmLanguage.json,
// scope source.viper.symdap): every sample in samples/viper is tokenized with vscode-textmate and
// checked against the real Viper lexer (src/lang/viper/lexer.ts): each keyword and number the
// lexer finds carries a matching scope, identifiers never look like keywords, and everything the
// lexer skips (other than white space) is scoped as a comment.
// The tools live in extension/node_modules: `npm ci --prefix extension` first.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { vtokenize } from '../../src/lang/viper/lexer';
import { loadGrammar, scopesByChar, type TmGrammar } from './textmate';

const root = path.resolve(__dirname, '../..');
const samplesDir = path.join(root, 'samples/viper');
const samples = fs.readdirSync(samplesDir).filter((f) => f.endsWith('.vpr'));

const innermost = (scopes: string[] | undefined): string => scopes?.[scopes.length - 1] ?? '';
const KEYWORDISH = /^(keyword\.(control|other)|storage\.type|support\.type|constant\.language)\./;

describe('the Viper TextMate grammar agrees with the Viper lexer on every sample', () => {
  let grammar: TmGrammar;
  beforeAll(async () => {
    grammar = await loadGrammar('syntaxes/viper.tmLanguage.json', 'source.viper.symdap');
  });

  it('finds the samples', () => {
    expect(samples).toContain('lost_permission.vpr');
  });

  it.each(samples)('%s: keywords, numbers, identifiers and comments', (file) => {
    const source = fs.readFileSync(path.join(samplesDir, file), 'utf8');
    const { tokens, error } = vtokenize(source);
    expect(error).toBeUndefined();
    const chars = scopesByChar(grammar, source);
    const lines = source.split(/\r?\n/);
    const covered = lines.map((l) => new Array<boolean>(l.length).fill(false));
    for (const t of tokens) {
      const at = `${file}:${t.line}:${t.col} ${t.text}`;
      const scope = innermost(chars[t.line - 1][t.col - 1]);
      if (t.type === 'keyword') expect(scope, at).toMatch(KEYWORDISH);
      if (t.type === 'int') expect(scope, at).toMatch(/^constant\.numeric\./);
      if (t.type === 'string') expect(scope, at).toMatch(/^string\./);
      if (t.type === 'ident') expect(scope, at).not.toMatch(KEYWORDISH);
      for (let i = 0; i < t.text.length; i++) covered[t.line - 1][t.col - 1 + i] = true;
    }
    // What the lexer skips and is not white space is a comment.
    lines.forEach((line, l) => {
      for (let c = 0; c < line.length; c++)
        if (!covered[l][c] && !/\s/.test(line[c]))
          expect(innermost(chars[l][c]), `${file}:${l + 1}:${c + 1}`).toMatch(/^comment\./);
    });
  });

  it('a block comment spans lines; a keyword inside it is comment, not keyword', () => {
    const chars = scopesByChar(grammar, '/* method\n requires */ method m()');
    expect(innermost(chars[0][3])).toMatch(/^comment\.block/);
    expect(innermost(chars[1][1])).toMatch(/^comment\.block/);
    expect(innermost(chars[1][13])).toBe('storage.type.viper');
    expect(innermost(chars[1][20])).toBe('entity.name.function.viper');
  });
});
