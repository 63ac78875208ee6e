// The labels a procedure's statements may name in `old[l](e)` (docs/language.md "Labels and
// old[l]"): a label is visible after its statement, to the end of the block that holds it, as a
// variable is. So every path that reaches an `old[l]` has recorded l (in a loop body, on this
// iteration or an earlier one: the latest visit counts). Names are unique per procedure. A front
// end may ask for Viper's rule instead (CheckOptions.methodLabels): every label of the procedure.

import type { Label } from './ast';

export class LabelScope {
  private readonly frames: Set<string>[] = [new Set()];
  private readonly declared = new Map<string, Label>();

  /**
   * `anywhere`: labels an `old[l]` may name wherever it stands in the procedure (Viper's rule: a
   * label is the method's; a path that has not reached it fails where it is read, rules/labels.ts).
   */
  constructor(private readonly anywhere?: ReadonlySet<string>) {}

  enter(): void {
    this.frames.push(new Set());
  }

  exit(): void {
    if (this.frames.length > 1) this.frames.pop();
  }

  /** Declares `l`; the message when its name is already taken in this procedure. */
  declare(l: Label): string | undefined {
    const earlier = this.declared.get(l.name);
    this.frames[this.frames.length - 1].add(l.name);
    if (earlier) return `label '${l.name}' is already declared at line ${earlier.span.line}`;
    this.declared.set(l.name, l);
    return undefined;
  }

  /** Why `old[name]` cannot be read here, if it cannot. */
  problem(name: string): string | undefined {
    if (this.anywhere?.has(name) || this.frames.some((f) => f.has(name))) return undefined;
    const earlier = this.declared.get(name);
    return earlier
      ? `label '${name}' is not visible here: it was declared at line ${earlier.span.line} inside a block that has ended`
      : `unknown label '${name}' (a label is visible after its statement, in its block)`;
  }
}
