// The lexer nearley sees, for both front ends (Sym and Viper): the tokens are made beforehand
// by the front end's own tokenizer (moo plus its checks), so the stream only hands them out in
// order; and the placeholder the compiled grammar imports, which only answers which `%types` exist.

/** The nearley-facing lexer over an already tokenized array; one instance per parse. */
export class TokenStream<T> {
  protected index = 0;
  constructor(
    protected readonly tokens: readonly T[],
    private readonly isType: (type: string) => boolean,
  ) {}
  reset(): void {
    /* nearley calls it with the chunk it was fed: the tokens were fixed at construction */
  }
  next(): T | undefined {
    return this.tokens[this.index++];
  }
  save(): Record<string, never> {
    return {};
  }
  formatError(): string {
    return 'syntax error';
  }
  has(type: string): boolean {
    return this.isType(type);
  }
}

/** What a compiled grammar sees at load time: it only asks which `%types` exist. */
export function placeholderLexer(isType: (type: string) => boolean) {
  return {
    has: isType,
    reset(): void {
      throw new Error('the grammar lexer is a placeholder; pass a TokenStream');
    },
    next(): undefined {
      return undefined;
    },
    save(): undefined {
      return undefined;
    },
    formatError(): string {
      return '';
    },
  };
}
