// Why a debug launch failed, as diagnostics: the adapter reports parse and type errors of the
// program as `file:line:col: error: message` lines (stderr output events) and fails the launch
// request. Pure and free of the `vscode` module, so it is unit-tested directly.

import type { DiagnosticRecord } from './diagnostics';

export interface LaunchError {
  readonly file: string;
  readonly record: DiagnosticRecord;
}

const LOCATED = /^(.*):(\d+):(\d+): (error|warning): (.*)$/;

/** The located errors among adapter output lines; other lines are ignored. */
export function parseLaunchErrors(text: string): LaunchError[] {
  const out: LaunchError[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = LOCATED.exec(line.trimEnd());
    if (!m) continue;
    out.push({
      file: m[1],
      record: {
        line: Math.max(1, Number(m[2])),
        column: Math.max(1, Number(m[3])),
        severity: m[4] === 'warning' ? 'warning' : 'error',
        message: m[5],
        trace: [],
      },
    });
  }
  return out;
}

/** The notification for a failed launch: the first error and how many more there are.
 *  `exists` says whether a file is there: a program that cannot be read is named, since it
 *  has no line to point at and nothing goes to Problems. */
export function launchFailureMessage(
  errors: readonly LaunchError[],
  fallback: string,
  exists: (file: string) => boolean = () => true,
): string {
  if (errors.length === 0) return `symdap: cannot debug: ${fallback}`;
  const unreadable = errors.find((e) => !exists(e.file) || /^cannot read file\b/.test(e.record.message));
  if (unreadable) {
    return exists(unreadable.file)
      ? `symdap: cannot debug ${unreadable.file}: ${unreadable.record.message}`
      : `symdap: cannot debug: there is no file ${unreadable.file}`;
  }
  const first = errors[0].record;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more in Problems)` : ' (see Problems)';
  return `symdap: cannot debug: line ${first.line}: ${first.message}${more}`;
}
