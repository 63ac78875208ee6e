// The Viper front end in one call, the counterpart of Sym's loadSource: `.vpr` text in, a checked
// Sym program (every span in the `.vpr` file) or the diagnostics that explain why there is none.
// A construct outside the subset is refused by name (`unsupported Viper feature: …`, one per
// kind); nothing is checked further then, so no program is ever verified half read. Errors of
// Sym's checker on the lowered program are refusals too: they name what symdap cannot read yet.

import { check } from '../checker';
import type { CheckedProgram } from '../checked';
import { error, hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics';
import { stripBom } from '../bom';
import type { Span } from '../span';
import { spanFile } from '../span';
import { loadFiles } from './loadFiles';
import { lowerProgram } from './lowerProgram';
import { preconditionCycle } from './preconditionCycle';
import type { Site } from './context';
import { withSmokeChecks } from './smoke';

export interface ViperLoad {
  readonly checked?: CheckedProgram;
  readonly diagnostics: Diagnostic[];
  /** The Viper construct at each span, for failures' Viper error ids. */
  readonly sites: readonly Site[];
}

export const UNSUPPORTED = 'unsupported Viper feature: ';

export function unsupported(file: string, span: Span, feature: string): Diagnostic {
  return { ...error(spanFile(file, span), span, UNSUPPORTED + feature), unsupported: true };
}

/** An error at `span`, in the imported file it lies in or else in `file`. */
const errorAt = (file: string, span: Span, message: string): Diagnostic => error(spanFile(file, span), span, message);

export interface ViperOptions {
  /** Read the files `import` names (loadFiles.ts); false (the language server, the debugger,
   *  which read no other file and show one file's lines) refuses imports by name. */
  readonly readImports?: boolean;
  /** Viper's smoke checks (smoke.ts): `refute false` where the plugin adds them. */
  readonly smoke?: boolean;
}

export function loadViper(text: string, file: string, opts: ViperOptions = {}): ViperLoad {
  const source = stripBom(text);
  const parsed = loadFiles(source, file, opts.readImports ?? true);
  const errors = parsed.problems.filter((p) => !p.refusal);
  if (errors.length > 0) return { diagnostics: errors.map((e) => error(e.file, e.span, e.message)), sites: [] };
  if (parsed.problems.length > 0)
    return { diagnostics: parsed.problems.map((r) => unsupported(r.file, r.span, r.message)), sites: [] };
  if (parsed.program === undefined)
    return {
      diagnostics: [error(file, { line: 1, col: 1, endLine: 1, endCol: 1 }, 'internal error: no program')],
      sites: [],
    };
  const lines = source.split('\n');
  const fileSpan = { line: 1, col: 1, endLine: lines.length, endCol: (lines[lines.length - 1]?.length ?? 0) + 1 };
  const { program, out } = lowerProgram(opts.smoke ? withSmokeChecks(parsed.program) : parsed.program, fileSpan);
  const cycle = preconditionCycle(program);
  if (cycle)
    out.refusals.push({ feature: `a function whose precondition applies itself ('${cycle.name}')`, span: cycle.span });
  const firstPerKind = [...new Map(out.refusals.map((r) => [r.feature, r])).values()];
  const diagnostics = [
    ...out.errors.map((e) => errorAt(file, e.span, e.message)),
    ...firstPerKind.map((r) => unsupported(file, r.span, r.feature)),
  ];
  if (diagnostics.length > 0) return { diagnostics: sortDiagnostics(diagnostics), sites: out.sites };
  const result = check(program, file, source, { recursionInAnyOrder: true, refBinders: true, methodLabels: true });
  if (hasErrors(result.diagnostics)) {
    const refused = result.diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => unsupported(file, d.span, `${d.message} (symdap's checker, on the lowered program)`));
    return { diagnostics: sortDiagnostics(refused), sites: out.sites };
  }
  const checked = result.checked && { ...result.checked, viperSites: out.sites };
  const shown = result.diagnostics.map((d) => ({ ...d, file: spanFile(d.file, d.span) }));
  return { checked, diagnostics: sortDiagnostics(shown), sites: out.sites };
}
