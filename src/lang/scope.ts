// Name resolution for the checker: which declaration a name refers to at a point of a
// procedure, and which declarations would clash. Sym gives every variable of a procedure
// its own name (no shadowing, not even of globals) so the debugger can show one flat list
// of locals; blocks still limit where a name is visible.

import type { Declaration } from './checked';
import type { Type } from './types';

export type DeclKind =
  'global variable' | 'parameter' | 'return value' | 'local variable' | 'quantified variable' | 'variable';

/** What a name is bound to. `type` is undefined when the declaration itself was in error. */
export interface Binding {
  readonly type: Type | undefined;
  readonly decl: Declaration;
  readonly kind: DeclKind;
}

/** Names visible from outside the scope (globals of the file, or the debugger's frame). */
export type OuterLookup = (name: string) => Binding | undefined;

/** Scopes of one procedure (or one global initializer, or one debugger expression). */
export class Scope {
  private readonly frames: Map<string, Binding>[] = [new Map()];
  /** Every name declared so far in this procedure, visible or not. */
  private readonly declared = new Map<string, Binding>();

  constructor(private readonly outer: OuterLookup = () => undefined) {}

  lookup(name: string): Binding | undefined {
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const hit = this.frames[i].get(name);
      if (hit) return hit;
    }
    return this.outer(name);
  }

  enter(): void {
    this.frames.push(new Map());
  }

  exit(): void {
    if (this.frames.length > 1) this.frames.pop();
  }

  /**
   * Binds `name` in the innermost block and returns why the declaration clashes, if it does.
   * The binding is made even on a clash so that later uses do not cascade into more errors.
   * Quantifier binders of separate formulas may reuse a name: they never live in the store.
   */
  declare(name: string, binding: Binding): string | undefined {
    const clash = this.clashFor(name, binding.kind);
    this.frames[this.frames.length - 1].set(name, binding);
    if (!this.declared.has(name)) this.declared.set(name, binding);
    return clash && `'${name}' is already declared as a ${clash.kind} at line ${clash.decl.span.line}`;
  }

  /** The message for a name that resolves to nothing here. */
  unknownMessage(name: string): string {
    const earlier = this.declared.get(name);
    if (!earlier) return `unknown variable '${name}'`;
    const line = earlier.decl.span.line;
    return earlier.kind === 'quantified variable'
      ? `'${name}' is only bound inside the quantifier at line ${line}`
      : `'${name}' is not visible here: it was declared at line ${line} inside a block that has ended`;
  }

  private clashFor(name: string, kind: DeclKind): Binding | undefined {
    const outer = this.outer(name);
    if (outer) return outer;
    const visible = this.lookup(name);
    if (visible) return visible;
    const earlier = this.declared.get(name);
    if (earlier && !(kind === 'quantified variable' && earlier.kind === 'quantified variable')) return earlier;
    return undefined;
  }
}
