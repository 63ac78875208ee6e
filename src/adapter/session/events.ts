// What an Outcome (the result of moving paths) looks like on the wire: thread started /
// exited events (threadEvents.ts: every listed thread the client has not heard of is
// announced before the stop), output lines, then one stopped event, or the summary and a
// terminated event when no path is live (failed paths kept as threads do not keep the
// session alive).

import { OutputEvent, StoppedEvent, TerminatedEvent } from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { summarizeFailure } from '../runtime/describe';
import type { Debuggee } from '../runtime/debuggee';
import type { Outcome } from '../runtime/stepping';
import { isLive } from '../runtime/paths';
import { excludedByFailure } from '../runtime/synthView';
import { summary } from './summary';
import { knownClass } from '../runtime/why';
import { classLine } from '../runtime/whyText';
import * as nodePath from 'node:path';
import { formatSpan } from '../../lang/span';
import { failureTitle, isExcluded } from '../runtime/questions';
import { shortText } from './shortText';
import { threadEvents } from './threadEvents';

export function outcomeEvents(d: Debuggee, outcome: Outcome, quiet: boolean): DebugProtocol.Event[] {
  const stop = outcome.stop && d.paths.get(outcome.stop.threadId) ? outcome.stop : undefined;
  const next = stop ? undefined : d.paths.listed(d.paths.size).find((t) => isLive(t.tip));
  const events = threadEvents(d, stop !== undefined || next !== undefined);
  outcome.output.forEach((o) => events.push(output(o, 'console')));
  if (stop) {
    const t = d.paths.get(stop.threadId)!;
    t.announced = true;
    const excluded = stop.reason === 'exception' && isExcluded(d, t.cursor);
    if (excluded) {
      // Not a failure (it only rules out functions): said in the console, not in red.
      const why = excludedByFailure(t.cursor.state.failure);
      events.push(
        output(`path #${t.id}: excluded: ${why}`, 'console'),
        stopped(stop.threadId, stop.reason, 'path excluded', why),
      );
      return events;
    }
    const failure = stop.reason === 'exception' ? summarizeFailure(t.cursor.state, t.cursor) : undefined;
    const cls = failure ? knownClass(d, t.cursor.state) : undefined;
    if (failure) events.push(output(`path #${t.id}: ${failure.text}${cls ? `\n  ${classLine(cls)}` : ''}`, 'stderr'));
    else if (stop.reason === 'exception' && stop.text) events.push(output(`path #${t.id}: ${stop.text}`, 'console'));
    else if (wasCut(stop.description)) events.push(output(`path #${t.id}: ${stop.description}`, 'console'));
    if (stop.notice) events.push(output(stop.notice, 'important'));
    // After a continue, how far the exploration has got (finished paths are not threads).
    if (quiet) events.push(output(summary(d).text, 'console'));
    events.push(stopped(stop.threadId, stop.reason, stop.description, stop.text, stop.hitBreakpointIds));
    return events;
  }
  // Failed paths stay listed at their failure; the session ends when no path is live.
  if (!next) {
    events.push(output(summaryText(d), 'console'), new TerminatedEvent());
    return events;
  }
  next.announced = true;
  events.push(stopped(next.id, 'step', `now on path #${next.id}`));
  return events;
}

/** A stop's words longer than the stopped event keeps: said whole in the console. */
function wasCut(s: string | undefined): s is string {
  return s !== undefined && shortText(s) !== s;
}

export function stopped(
  threadId: number,
  reason: string,
  description?: string,
  text?: string,
  hitBreakpointIds?: number[],
): DebugProtocol.StoppedEvent {
  const e = new StoppedEvent(reason, threadId) as DebugProtocol.StoppedEvent;
  e.body.allThreadsStopped = true;
  if (description) e.body.description = shortText(description);
  if (text) e.body.text = shortText(text);
  if (hitBreakpointIds) e.body.hitBreakpointIds = hitBreakpointIds;
  return e;
}

/** `important`: clients show it prominently (VS Code: a notification). */
export function output(
  text: string,
  category: 'console' | 'stderr' | 'stdout' | 'important',
): DebugProtocol.OutputEvent {
  return new OutputEvent(`${text}\n`, category) as DebugProtocol.OutputEvent;
}

export function summaryText(d: Debuggee): string {
  const e = d.run.tree.counts.ended;
  const total = Object.values(e).reduce((a, b) => a + b, 0);
  const n = d.wellFormed.failures.length;
  const framing = n > 0 ? `; ${n} well-formedness failure${n === 1 ? '' : 's'} on no path (listed at launch)` : '';
  // With synth functions a failed path is excluded (it rules out the functions that take it).
  const failed = d.checked.synths.size > 0 ? 'excluded' : 'failed';
  const head = `all paths explored: ${total} path(s): ${e.done} completed, ${e.failed} ${failed}, ${e.infeasible} infeasible, ${e.bounded} bound reached, ${e.unknown} unknown${framing}`;
  return [head, ...endLines(d)].join('\n');
}

/** The end's failures with their class and the run's warnings (runtime/why.ts), one per line. */
function endLines(d: Debuggee): string[] {
  const end = d.why.end;
  if (!end) return [];
  const file = nodePath.basename(d.checked.file);
  // Well-formedness failures (on no path, no trace) were listed at launch.
  const failures = end.failures
    .filter((f) => f.trace.length > 0)
    .map((f) => `${file}:${f.line}:${f.column}: ${f.message}${f.classNote ? ` — ${f.classNote}` : ''}`);
  const warnings = end.warnings.map((w) => `${file}:${w.line}:${w.column}: warning: ${w.message} [${w.kind}]`);
  return [...failures, ...warnings];
}

/**
 * The well-formedness failures: on no path, so no thread can stop there. Each is one stderr
 * line in the `symdap verify` format, carrying its source and line so clients link to it.
 */
export function wellFormedEvents(d: Debuggee): DebugProtocol.OutputEvent[] {
  const source: DebugProtocol.Source = {
    name: nodePath.basename(d.checked.file),
    path: nodePath.resolve(d.checked.file),
  };
  const lines = d.wellFormed.failures.map(({ site }) => {
    const e = output(
      `${formatSpan(d.checked.file, site.span)}: ${failureTitle(site.kind)}: ${site.message} (well-formedness: on no path)`,
      'stderr',
    );
    e.body = { ...e.body, source, line: site.span.line, column: site.span.col };
    return e;
  });
  const unknown = d.wellFormed.unknowns.map((u) => output(`well-formedness: ${u}`, 'console'));
  return [...lines, ...unknown];
}
