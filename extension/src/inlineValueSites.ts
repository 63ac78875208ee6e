// Where the editor shows variable values inline while stopped (as VS Code's JavaScript
// debugger does): in the procedure around the stopped line, each parameter on its header and
// each variable where it is declared or assigned, up to the stopped line. VS Code looks the
// names up in the Variables view of the stopped frame, so values are the adapter's own.
// Free of the `vscode` module so it is unit-tested directly; inlineValues.ts registers it.

export interface InlineValueSite {
  /** 0-based line and columns, as editors count; `end` is exclusive. */
  readonly line: number;
  readonly start: number;
  readonly end: number;
  readonly name: string;
}

const PROC = /^\s*proc\s+\w+/;
const PARAM = /\b([A-Za-z_]\w*)\s*:(?!=)/g;
const DECLARED = /\bvar\s+([A-Za-z_]\w*)/g;
const ASSIGNED = /(?:^|[;{])\s*([A-Za-z_]\w*)\s*:=/g;

function code(line: string): string {
  const at = line.indexOf('//');
  return at < 0 ? line : line.slice(0, at);
}

function matches(re: RegExp, text: string, line: number): InlineValueSite[] {
  return [...text.matchAll(re)].map((m) => {
    const start = (m.index ?? 0) + m[0].indexOf(m[1]);
    return { line, start, end: start + m[1].length, name: m[1] };
  });
}

/** The sites in the procedure enclosing `stoppedLine` (0-based), from its header to that line. */
export function inlineValueSites(text: string, stoppedLine: number): InlineValueSite[] {
  const lines = text.split(/\r?\n/);
  let header = Math.min(stoppedLine, lines.length - 1);
  while (header >= 0 && !PROC.test(lines[header])) header--;
  if (header < 0) return [];
  // The header without `proc NAME`, blanked in place so columns stay those of the line.
  const params = code(lines[header]).replace(PROC, (m) => ' '.repeat(m.length));
  const sites: InlineValueSite[] = matches(PARAM, params, header);
  for (let l = header + 1; l <= stoppedLine && l < lines.length; l++) {
    const c = code(lines[l]);
    const seen = new Set<number>();
    for (const s of [...matches(DECLARED, c, l), ...matches(ASSIGNED, c, l)]) {
      if (seen.has(s.start)) continue;
      seen.add(s.start);
      sites.push(s);
    }
  }
  return sites;
}
