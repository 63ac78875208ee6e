// The language server's wiring: LSP requests and notifications to the feature modules of
// src/lsp, open documents and their analyses, as-you-type and on-save diagnostics.
// Every feature reads the document's current analysis; nothing here parses or checks.

import { languageOf } from '../lang/language';
import { fileURLToPath } from 'node:url';
import {
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type InitializeResult,
  type Diagnostic,
  type SemanticTokens,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze, type Analysis } from './analysis';
import { toLspDiagnostics } from './diagnostics';
import { documentSymbols } from './symbols';
import { definition, references } from './navigation';
import { hover } from './hover';
import { completion } from './completion';
import { SEMANTIC_LEGEND, semanticTokens } from './semanticTokens';
import { codeLenses } from './codeLens';
import { proofLenses, withProofs } from './proofLenses';
import type { ProofReport } from '../engine/verify/report';
import { VerifyRunner, type VerifyOutcome } from './verifyRunner';
import { verifyDiagnostics } from './verifyDiagnostics';
import { DEFAULT_SETTINGS, readSettings, type Settings } from './settings';
import { checkParams, notInitialized, unknownDocument, type DocumentParams } from './requestGuard';
import { guardedDocumentConnection } from './documentGuard';
import { AnalysisRunner, OFF_LOOP_CHARS } from './analysisRunner';

/** Long enough to skip the intermediate states of fast typing, short enough to feel live. */
const DEBOUNCE_MS = 100;

const CAPABILITIES: InitializeResult['capabilities'] = {
  textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
  documentSymbolProvider: true,
  definitionProvider: true,
  referencesProvider: true,
  hoverProvider: true,
  completionProvider: { triggerCharacters: ['.'] },
  semanticTokensProvider: { legend: SEMANTIC_LEGEND, full: true },
  codeLensProvider: { resolveProvider: false },
};

export function pathOf(uri: string): string {
  try {
    return uri.startsWith('file:') ? fileURLToPath(uri) : uri;
  } catch {
    return uri;
  }
}

interface Feature<R> {
  (doc: TextDocument, a: Analysis, p: DocumentParams): R;
}

/** A document's analysis being computed off the message loop, for the version it describes. */
interface Pending {
  readonly version: number;
  readonly analysis: Promise<Analysis>;
}

class SymLanguageServer {
  private initialized = false;
  private settings: Settings = DEFAULT_SETTINGS;
  private askConfiguration = false;
  private readonly documents = new TextDocuments(TextDocument);
  private readonly analyses = new Map<string, Analysis>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly verified = new Map<string, Diagnostic[]>();
  /** What each check that holds rests on, from the last verification of the saved text (proofLenses.ts). */
  private readonly proofs = new Map<string, readonly ProofReport[]>();
  private lensRefresh = false;
  private readonly runner = new VerifyRunner();
  private readonly analyser = new AnalysisRunner();
  private readonly pending = new Map<string, Pending>();
  private readonly inflight = new Map<string, { version: number; outcome: Promise<VerifyOutcome> }>();
  /** Editors ask for the tokens of a version several times (on focus, scroll, theme change). */
  private readonly tokens = new WeakMap<Analysis, SemanticTokens>();

  constructor(private readonly connection: Connection) {}

  listen(): void {
    const c = this.connection;
    c.onInitialize((params) => {
      this.initialized = true;
      this.settings = readSettings(params.initializationOptions);
      this.askConfiguration = params.capabilities.workspace?.configuration === true;
      this.lensRefresh = params.capabilities.workspace?.codeLens?.refreshSupport === true;
      return { capabilities: CAPABILITIES, serverInfo: { name: 'symdap' } };
    });
    c.onDocumentSymbol(this.feature(false, (_d, a) => documentSymbols(a.index)));
    c.onDefinition(this.feature(true, (d, a, p) => definition(a.index, d.uri, p.position!)));
    c.onReferences(
      this.feature(true, (d, a, p) =>
        references(
          a.index,
          d.uri,
          p.position!,
          (p as { context?: { includeDeclaration?: boolean } }).context?.includeDeclaration !== false,
        ),
      ),
    );
    c.onHover(
      this.feature(true, (d, a, p) => withProofs(hover(a.index, p.position!), this.proofsOf(d, a), p.position!)),
    );
    c.onCompletion(this.feature(true, (d, a, p) => completion(a.index, lineText(d, p.position!.line), p.position!)));
    c.languages.semanticTokens.on(this.feature(false, (d, a) => this.tokensOf(d, a)));
    c.onCodeLens(
      this.feature(false, (d, a) => [...codeLenses(a.index, d.uri, a.stale), ...proofLenses(this.proofsOf(d, a))]),
    );
    // Verified on open too (issue 26, item 16): a user sees the failures before any edit or save.
    this.documents.onDidOpen((e) => {
      this.background(this.refresh(e.document));
      void this.verifyOnSave(e.document);
    });
    this.documents.onDidChangeContent((e) => this.schedule(e.document));
    this.documents.onDidSave((e) => void this.verifyOnSave(e.document));
    this.documents.onDidClose((e) => this.close(e.document.uri));
    c.onRequest('symdap/verify', (params) => this.verifyRequest(params));
    c.onShutdown(() => this.stop());
    this.documents.listen(guardedDocumentConnection(c));
    c.listen();
  }

  /** A request handler: refuses before initialize, checks params, analyses the current text. */
  private feature<R>(needsPosition: boolean, f: Feature<R>): (params: unknown) => Promise<R> {
    return async (params) => {
      if (!this.initialized) throw notInitialized();
      const p = checkParams(params, needsPosition);
      const doc = this.documents.get(p.textDocument.uri);
      if (!doc) throw unknownDocument(p.textDocument.uri);
      const analysis = await this.current(doc);
      // The document may have changed (or closed) while its analysis ran: answer for the newest.
      const now = this.documents.get(doc.uri);
      if (!now) throw unknownDocument(doc.uri);
      return now === doc ? f(doc, analysis, p) : f(now, await this.current(now), p);
    };
  }

  /** The analysis of the document's current version (computed now if a debounce is pending). */
  private current(doc: TextDocument): Promise<Analysis> {
    const known = this.analyses.get(doc.uri);
    if (known && known.version === doc.version) return Promise.resolve(known);
    const pending = this.pending.get(doc.uri);
    if (pending && pending.version === doc.version) return pending.analysis;
    return this.refresh(doc);
  }

  /** The proofs of the saved text, while the analysis is of it (an edit drops them: schedule). */
  private proofsOf(doc: TextDocument, a: Analysis): readonly ProofReport[] | undefined {
    return a.stale ? undefined : this.proofs.get(doc.uri);
  }

  private tokensOf(doc: TextDocument, a: Analysis): SemanticTokens {
    const known = this.tokens.get(a);
    if (known) return known;
    const computed = semanticTokens(doc.getText(), a.index, a.stale);
    this.tokens.set(a, computed);
    return computed;
  }

  private schedule(doc: TextDocument): void {
    // Results of a verification describe the saved text; an edit makes them (and a run in flight) stale.
    this.runner.cancel(doc.uri);
    this.inflight.delete(doc.uri);
    this.verified.delete(doc.uri);
    this.proofs.delete(doc.uri);
    // So is an analysis still running on an older version (whoever waits for it gets the newest).
    this.analyser.cancel(doc.uri);
    clearTimeout(this.timers.get(doc.uri));
    this.timers.set(
      doc.uri,
      setTimeout(() => {
        const now = this.documents.get(doc.uri);
        if (now) this.background(this.current(now));
      }, DEBOUNCE_MS),
    );
  }

  private refresh(doc: TextDocument): Promise<Analysis> {
    clearTimeout(this.timers.get(doc.uri));
    this.timers.delete(doc.uri);
    const text = doc.getText();
    if (text.length < OFF_LOOP_CHARS)
      return Promise.resolve(this.settle(doc, analyze(text, pathOf(doc.uri), doc.version, this.analyses.get(doc.uri))));
    // A newer version's run replaces (terminates) the older one: its text is out of date.
    const analysis = this.analyser.run(doc.uri, { text, file: pathOf(doc.uri), version: doc.version }).then((o) => {
      if (this.pending.get(doc.uri)?.analysis === analysis) this.pending.delete(doc.uri);
      if ('analysis' in o) return this.settle(doc, withPrevious(o.analysis, this.analyses.get(doc.uri)));
      // Cancelled: whoever waited gets the newest version's analysis (or the document is gone).
      const now = this.documents.get(doc.uri);
      if ('cancelled' in o) return now ? this.current(now) : Promise.reject(unknownDocument(doc.uri));
      // The worker could not run (e.g. not built next to the server): analyse here instead.
      return this.settle(doc, analyze(text, pathOf(doc.uri), doc.version, this.analyses.get(doc.uri)));
    });
    this.pending.set(doc.uri, { version: doc.version, analysis });
    return analysis;
  }

  /** An analysis nobody waits for (open, debounce): it publishes; a document closed meanwhile is no error. */
  private background(analysis: Promise<Analysis>): void {
    analysis.catch(() => undefined);
  }

  /** Keeps and publishes `analysis` unless the document has moved on (or closed) meanwhile. */
  private settle(doc: TextDocument, analysis: Analysis): Analysis {
    const now = this.documents.get(doc.uri);
    if (now && now.version === analysis.version) {
      this.analyses.set(doc.uri, analysis);
      this.publish(doc.uri);
    }
    return analysis;
  }

  private publish(uri: string): void {
    // Nothing is sent before initialize, not even for a document opened too early.
    if (!this.initialized) return;
    const a = this.analyses.get(uri);
    const diagnostics = [...toLspDiagnostics(a?.diagnostics ?? []), ...(this.verified.get(uri) ?? [])];
    void this.connection.sendDiagnostics({ uri, diagnostics });
  }

  private async currentSettings(): Promise<Settings> {
    if (!this.askConfiguration) return this.settings;
    try {
      return readSettings(await this.connection.workspace.getConfiguration('symdap'), this.settings);
    } catch {
      return this.settings;
    }
  }

  private async verifyOnSave(doc: TextDocument): Promise<void> {
    const settings = await this.currentSettings();
    if (!settings.verifyOnSave) return;
    if (!(await this.analysisChecks(doc))) return;
    const outcome = await this.verify(doc, settings);
    // A Verify command shows its own error; a save has no one else to tell.
    if ('error' in outcome)
      void this.connection.window.showErrorMessage(`symdap: verification failed to run: ${outcome.error}`);
  }

  /** True when the current text parses and checks (only such a text is verified). */
  private async analysisChecks(doc: TextDocument): Promise<boolean> {
    const analysis = await this.current(doc);
    return analysis.checked !== undefined && !analysis.stale;
  }

  /**
   * Verifies the document's current version and publishes the failures. A save and the
   * editor's Verify command (`symdap/verify`) of the same version share one run, so the
   * results appear once, in the one diagnostics collection of this server.
   */
  private verify(doc: TextDocument, settings: Settings): Promise<VerifyOutcome> {
    const known = this.inflight.get(doc.uri);
    if (known && known.version === doc.version) return known.outcome;
    const text = doc.getText();
    const file = pathOf(doc.uri);
    // Viper files verify modularly, as `symdap verify` does them (docs/viper.md).
    const mode = languageOf(file) === 'viper' ? 'modular' : settings.verifyMode;
    const request = { source: text, file, proofs: settings.proofLenses, mode };
    const outcome = this.runner.run(doc.uri, request).then((o) => {
      if (this.inflight.get(doc.uri)?.outcome === outcome) this.inflight.delete(doc.uri);
      const now = this.documents.get(doc.uri);
      if ('cancelled' in o || 'error' in o || !now || now.version !== doc.version) return o;
      this.verified.set(doc.uri, verifyDiagnostics(o.report, doc.uri, text));
      this.proofs.set(doc.uri, o.report.proofs ?? []);
      this.publish(doc.uri);
      // The proof lenses changed: a client that can be asked to fetch lenses again is.
      if (this.lensRefresh) void this.connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
      return o;
    });
    this.inflight.set(doc.uri, { version: doc.version, outcome });
    return outcome;
  }

  /** `symdap/verify {textDocument}`: the Verify command of an editor; answers the report. */
  private async verifyRequest(params: unknown): Promise<VerifyOutcome> {
    if (!this.initialized) throw notInitialized();
    const p = checkParams(params, false);
    const doc = this.documents.get(p.textDocument.uri);
    if (!doc) throw unknownDocument(p.textDocument.uri);
    if (!(await this.analysisChecks(doc)))
      return { error: 'the file has errors (see Problems); fix them to verify it' };
    return this.verify(doc, await this.currentSettings());
  }

  private close(uri: string): void {
    this.runner.cancel(uri);
    this.analyser.cancel(uri);
    this.pending.delete(uri);
    this.inflight.delete(uri);
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    this.analyses.delete(uri);
    this.verified.delete(uri);
    this.proofs.delete(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  stop(): void {
    this.runner.cancelAll();
    this.analyser.cancelAll();
  }
}

/** A worker's analysis has no earlier version: while the text is broken, keep the last good index (as analyze does). */
function withPrevious(a: Analysis, previous: Analysis | undefined): Analysis {
  if (a.checked || !previous?.checked) return a;
  return { ...a, checked: previous.checked, index: previous.index, stale: true };
}

function lineText(doc: TextDocument, line: number): string {
  return doc.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }).replace(/\r?\n$/, '');
}

/** Starts serving on `connection`; returns a function that cancels running verifications. */
export function startServer(connection: Connection): () => void {
  const server = new SymLanguageServer(connection);
  server.listen();
  return () => server.stop();
}
