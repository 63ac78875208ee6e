// The symdap debug session: a DAP server (on @vscode/debugadapter) over the symbolic
// engine. Every request goes through one dispatcher that turns any problem into an error
// response (never a crash or a stack trace); handlers are thin and delegate to the modules
// beside this one (the read-only requests to inspection.ts, the moves of paths to moves.ts,
// which runs them one at a time; each answers first, then its thread, output and stopped
// events go out through `finish`).

import {
  DebugSession,
  Event,
  InitializedEvent,
  Response,
  TerminatedEvent,
  BreakpointEvent,
} from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';
import * as nodePath from 'node:path';
import { validateLaunchArgs } from '../launchSchema';
import type { Debuggee } from '../runtime/debuggee';
import { launchDebuggee } from '../runtime/launch';
import { breakpointToDap, requestedBreakpoints } from './breakpointShapes';
import { BreakpointTable, ExceptionFilters } from '../runtime/breakpoints';
import { capabilities } from './capabilities';
import { FrameIds, type FrameRef } from './frames';
import { VariableRefs } from './scopes';
import {
  completionsBody,
  evaluateBody,
  exceptionInfoBody,
  frameRef,
  gotoTargetsBody,
  scopesBody,
  stackBody,
  threadsBody,
  variablesBody,
  type Args,
} from './inspection';
import { outcomeEvents, output, wellFormedEvents } from './events';
import type { Outcome, Side } from '../runtime/stepping';
import { treeSnapshot } from '../runtime/treeSnapshot';
import { followBranchArgs, jumpArgs, heapGraphBody, diffPathsBody } from './customRequests';
import { compactTree, focusTarget, TreeFeed } from './treeView';
import { UserError, userMessage } from './userError';
import { deferred, delay } from './deferred';
import { summary } from './summary';
import { TreePages } from './treePages';
import { PathMoves } from './moves';
import type { LayoutCache } from '../../ui/heap/layout';
import { HeapPlacer } from './heapPlacer';

type Handler = (response: DebugProtocol.Response, args: Args) => Promise<void> | void;

const CONFIGURATION_WAIT_MS = 1000;

export class SymDebugSession extends DebugSession {
  private d: Debuggee | undefined;
  private launching = false;
  private disposed = false;
  private tracing = false;
  /** Nothing but `initialize` is served before it (a client that skips it is not an editor). */
  private initialized = false;
  private readonly breakpoints = new BreakpointTable();
  private readonly filters = new ExceptionFilters();
  private readonly frameIds = new FrameIds();
  private readonly varRefs = new VariableRefs();
  private readonly configured = deferred<void>();
  private readonly programReady = deferred<boolean>();
  private listedSummary = -1;
  /** `symdap/heapGraph`'s layouts by shape, for this session (heapLayout.ts caps it). */
  private readonly heapLayouts: LayoutCache = new Map();
  /** Heap layouts off this thread, for a program with classes (set at launch, elkjs warmed then). */
  private placer: HeapPlacer | undefined;
  /** Set once a client subscribed to `symdap/treeDelta`. */
  private feed: TreeFeed | undefined;
  /** The tree page's server and its pages (launch `ui: true`). */
  private readonly pages = new TreePages({
    dispatch: (command, args, response) => this.run(this.handlers[command], response, args),
    debuggee: () => this.debuggee(),
    stopped: () => !this.moves.running,
    bundle: () => this.options.uiBundle,
    placer: () => this.placer,
  });
  private readonly moves = new PathMoves({
    debuggee: () => this.debuggee(),
    current: () => this.d,
    disposed: () => this.disposed,
    frame: (id) => this.frame(id),
    sendResponse: (r) => this.sendResponse(r),
    finish: (outcome, quiet) => this.finish(outcome, quiet),
    output: (text, category) => this.output(text, category),
  });
  private readonly handlers: Record<string, Handler> = {
    initialize: (r) => this.initialize(r),
    launch: (r, a) => this.launch(r, a),
    attach: () => {
      throw new UserError('attach is not supported: use a launch configuration');
    },
    configurationDone: (r) => {
      this.configured.resolve();
      this.sendResponse(r);
    },
    setBreakpoints: (r, a) => this.setBreakpoints(r, a),
    setExceptionBreakpoints: (r, a) => this.setExceptionBreakpoints(r, a),
    setFunctionBreakpoints: (r) => {
      r.body = { breakpoints: [] };
      this.sendResponse(r);
    },
    threads: (r) => this.threads(r),
    stackTrace: (r, a) => this.reply(r, stackBody(this.debuggee(), this.frameIds, a)),
    scopes: (r, a) => this.reply(r, scopesBody(this.debuggee(), this.frameIds, this.varRefs, a)),
    variables: async (r, a) => this.reply(r, await variablesBody(this.debuggee(), this.varRefs, a)),
    evaluate: async (r, a) => this.reply(r, await evaluateBody(this.debuggee(), this.frameIds, this.varRefs, a)),
    completions: (r, a) => this.reply(r, completionsBody(this.d, this.frameIds, a)),
    exceptionInfo: async (r, a) => this.reply(r, await exceptionInfoBody(this.debuggee(), a)),
    source: (r) => this.source(r),
    continue: (r, a) => this.moves.continueRun(r, a),
    next: (r, a) => this.moves.move(r, a, (s, t) => s.step(t, 'next')),
    stepIn: (r, a) => this.moves.move(r, a, (s, t) => s.step(t, 'in', sideOf(a.targetId))),
    stepOut: (r, a) => this.moves.move(r, a, (s, t) => s.step(t, 'out')),
    stepBack: (r, a) => this.moves.move(r, a, (s, t) => Promise.resolve(s.stepBack(t))),
    reverseContinue: (r, a) => this.moves.move(r, a, (s, t) => s.reverseContinue(t)),
    stepInTargets: (r, a) => this.moves.stepInTargets(r, a),
    gotoTargets: (r, a) => this.reply(r, gotoTargetsBody(this.debuggee(), a)),
    goto: (r, a) => this.moves.goto(r, a),
    restartFrame: (r, a) => this.moves.restartFrame(r, a),
    pause: (r) => this.moves.pause(r),
    terminate: (r) => {
      this.sendResponse(r);
      this.shutdownRun();
      this.sendEvent(new TerminatedEvent());
    },
    disconnect: (r, a) => {
      this.shutdownRun();
      super.disconnectRequest(r, a as DebugProtocol.DisconnectArguments);
    },
    'symdap/summary': (r) => {
      r.body = summary(this.debuggee());
      this.sendResponse(r);
    },
    'symdap/tree': (r, a) => {
      r.body = a.compact === true ? this.compactTree(a) : treeSnapshot(this.debuggee(), a);
      this.sendResponse(r);
    },
    'symdap/heapGraph': async (r, a) =>
      this.reply(
        r,
        await heapGraphBody(
          this.debuggee(),
          a,
          (id) => frameRef(this.frameIds, id),
          this.heapLayouts,
          (g) => (this.placer ? this.placer.place(g) : Promise.resolve(g)),
        ),
      ),
    'symdap/diffPaths': (r, a) => this.reply(r, diffPathsBody(this.debuggee(), a)),
    'symdap/focus': (r, a) => {
      const { thread, node } = focusTarget(this.debuggee(), a);
      return this.moves.move(r, { threadId: thread.id }, (s, t) => Promise.resolve(s.moveTo(t, node, 'goto')));
    },
    'symdap/followBranch': (r, a) => {
      const { thread, side } = followBranchArgs(this.debuggee(), a);
      return this.moves.move(r, { threadId: thread.id }, (s, t) => s.step(t, 'in', side));
    },
    'symdap/jump': (r, a) => {
      const { thread, node } = jumpArgs(this.debuggee(), a);
      return this.moves.move(r, { threadId: thread.id }, (s, t) => Promise.resolve(s.moveTo(t, node, 'goto')));
    },
  };

  /** `ui`: serve the tree page unless a launch says `ui: false` (`symdap dap --ui`);
   *  `uiBundle`: the page's script, where an embedder ships its own copy (the VS Code extension). */
  constructor(private readonly options: { readonly ui?: boolean; readonly uiBundle?: string } = {}) {
    super();
    // A stream error must not become an unhandled 'error' event (it would end the process).
    this.on('error', () => undefined);
    this.on('close', () => this.shutdownRun());
  }

  /** Frees the run (solver included); called on disconnect, terminate and a closed stream. */
  shutdownRun(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.pages.close();
    this.placer?.close();
    const d = this.d;
    if (!d) return;
    d.pause.requested = true;
    d.control.paused = true;
    void this.moves.settled().then(() => d.solver.dispose());
  }

  protected override dispatchRequest(request: DebugProtocol.Request): void {
    const response = new Response(request);
    const raw = (request as { arguments?: unknown }).arguments;
    const args: Args = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Args) : {};
    const command = typeof request.command === 'string' ? request.command : '';
    if (this.tracing) this.output(`⇢ ${command} ${clip(JSON.stringify(args))}`, 'console');
    const handler = Object.prototype.hasOwnProperty.call(this.handlers, command) ? this.handlers[command] : undefined;
    if (!handler) return this.fail(response, `unknown request '${command}'`);
    if (!this.initialized && command !== 'initialize')
      return this.fail(response, `'${command}' before 'initialize': send initialize first`);
    this.run(handler, response, args);
  }

  private run(handler: Handler, response: DebugProtocol.Response, args: Args): void {
    try {
      Promise.resolve(handler(response, args)).catch((e: unknown) => this.fail(response, e));
    } catch (e) {
      this.fail(response, e);
    }
  }

  // launch { trace: true } echoes the DAP traffic to the debug console.
  override sendResponse(response: DebugProtocol.Response): void {
    if (this.pages.divert(response)) return;
    super.sendResponse(response);
    if (this.tracing)
      super.sendEvent(
        output(`⇠ ${response.command} ${response.success ? 'ok' : `failed: ${response.message}`}`, 'console'),
      );
  }

  override sendEvent(event: DebugProtocol.Event): void {
    super.sendEvent(event);
    if (this.tracing && event.event !== 'output')
      super.sendEvent(output(`⇠ event ${event.event} ${clip(JSON.stringify(event.body ?? {}))}`, 'console'));
  }

  private fail(response: DebugProtocol.Response, e: unknown): void {
    if ((response as { seq?: number }).seq !== 0 && (response as { seq?: number }).seq !== undefined) return;
    const message = userMessage(e);
    response.success = false;
    response.message = message;
    response.body = { error: { id: 1, format: message.replace(/[{}]/g, ''), showUser: false } };
    this.sendResponse(response);
  }

  private debuggee(): Debuggee {
    if (!this.d)
      throw new UserError(
        this.launching ? 'the program is still being launched' : 'no program is being debugged (send launch first)',
      );
    return this.d;
  }

  private frame(id: unknown): FrameRef {
    this.debuggee();
    return frameRef(this.frameIds, id);
  }

  private reply(response: DebugProtocol.Response, body: unknown): void {
    response.body = body;
    this.sendResponse(response);
  }

  // ------------------------------------------------------------------ lifecycle

  private initialize(response: DebugProtocol.Response): void {
    this.initialized = true;
    response.body = capabilities();
    this.sendResponse(response);
    this.sendEvent(new InitializedEvent());
  }

  private async launch(response: DebugProtocol.Response, args: Args): Promise<void> {
    if (this.d || this.launching) throw new UserError('a program is already launched in this session');
    const v = validateLaunchArgs(args);
    v.warnings.forEach((w) => this.output(w, 'console'));
    if (!v.args) return this.launchFailed(response, v.errors);
    this.launching = true;
    this.tracing = v.args.trace;
    const out = await launchDebuggee(v.args, this.breakpoints, this.filters)
      .catch((e: unknown) => ({
        ok: false as const,
        messages: [`cannot start the symbolic run: ${e instanceof Error ? e.message : String(e)}`],
      }))
      .finally(() => {
        this.launching = false;
      });
    if (!out.ok) return this.launchFailed(response, out.messages);
    const d = out.debuggee;
    this.d = d;
    if (d.checked.classes.size > 0) this.placer = new HeapPlacer(() => !this.moves.running && this.publishTree());
    this.moves.start(d);
    for (const b of this.breakpoints.setProgram(d.checked.file, d.checked.program)) {
      this.sendEvent(new BreakpointEvent('changed', breakpointToDap(b, nodePath.resolve(d.checked.file))));
    }
    this.programReady.resolve(true);
    if (v.args.ui ?? this.options.ui) await this.openPage();
    await Promise.race([this.configured.promise, delay(CONFIGURATION_WAIT_MS)]);
    this.sendResponse(response);
    out.output?.forEach((o) => this.output(o, 'console'));
    wellFormedEvents(d).forEach((e) => this.sendEvent(e));
    this.moves.firstMoves(d, v.args, out.roots);
  }

  private launchFailed(response: DebugProtocol.Response, messages: string[]): void {
    messages.forEach((m) => this.output(m, 'stderr'));
    this.programReady.resolve(false);
    this.fail(response, new UserError(messages.join('\n')));
    this.sendEvent(new TerminatedEvent());
  }

  // ------------------------------------------------------------------ breakpoints

  private async setBreakpoints(response: DebugProtocol.Response, args: Args): Promise<void> {
    const source = args.source as DebugProtocol.Source | undefined;
    const path = typeof source?.path === 'string' ? source.path : undefined;
    if (!path) throw new UserError('setBreakpoints needs source.path');
    if (this.launching) await this.programReady.promise;
    const bps = this.breakpoints.set(path, requestedBreakpoints(args));
    response.body = { breakpoints: bps.map((b) => breakpointToDap(b, nodePath.resolve(path))) };
    this.sendResponse(response);
  }

  private setExceptionBreakpoints(response: DebugProtocol.Response, args: Args): void {
    const filters = Array.isArray(args.filters) ? args.filters.filter((f): f is string => typeof f === 'string') : [];
    const unknown = this.filters.set(filters);
    if (unknown.length > 0) this.output(`unknown exception filters ignored: ${unknown.join(', ')}`, 'console');
    response.body = { breakpoints: filters.map(() => ({ verified: true })) };
    this.sendResponse(response);
  }

  // ------------------------------------------------------------------ inspection

  private threads(response: DebugProtocol.Response): void {
    const { body, hidden, notice } = threadsBody(this.d);
    response.body = body;
    this.sendResponse(response);
    if (hidden === undefined) return;
    if (notice && hidden !== this.listedSummary) this.output(notice, 'console');
    this.listedSummary = hidden;
  }

  /** The program's text (the only source there is). */
  private source(response: DebugProtocol.Response): void {
    response.body = { content: this.debuggee().checked.source, mimeType: 'text/x-sym' };
    this.sendResponse(response);
  }

  // ------------------------------------------------------------------ events

  /** Thread events, output, then the stop (or the end of the session). */
  private finish(outcome: Outcome, quiet: boolean): void {
    if (!this.d || this.disposed) return;
    for (const e of outcomeEvents(this.d, outcome, quiet)) this.sendEvent(e);
    this.publishTree();
  }

  /** Tree subscribers get what changed (after a move, or once heaps were laid out between moves). */
  private publishTree(): void {
    if (!this.d || this.disposed) return;
    const delta = this.feed?.delta(this.d, true);
    if (delta) this.sendEvent(new Event('symdap/treeDelta', delta));
    this.pages.publish(this.d);
  }

  /** Serves the tree page; its address goes to the client's console and to stderr. */
  private async openPage(): Promise<void> {
    const url = await this.pages.open().catch((e: unknown) => {
      this.output(`cannot serve the tree page: ${userMessage(e)}`, 'stderr');
      return undefined;
    });
    if (!url) return;
    process.stderr.write(`symdap: execution tree at ${url}\n`);
    this.output(`Execution tree: ${url}`, 'console');
  }

  private compactTree(a: Args): unknown {
    if (a.subscribe !== true) return compactTree(this.debuggee(), a, !this.moves.running, undefined, this.placer);
    this.feed ??= new TreeFeed(this.placer);
    return this.feed.snapshot(this.debuggee(), a, !this.moves.running);
  }

  private output(text: string, category: 'console' | 'stderr' | 'stdout'): void {
    this.sendEvent(output(text, category));
  }
}

function sideOf(targetId: unknown): Side | undefined {
  return targetId === 1 ? 'then' : targetId === 2 ? 'else' : undefined;
}

function clip(text: string): string {
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}
