// A small option parser for the sub-commands: `--name value`, `--name=value` and flags,
// with clear errors for unknown options and missing or malformed values.

export interface OptionSpec {
  readonly flags?: readonly string[];
  readonly values?: readonly string[];
}

export interface ParsedArgs {
  readonly positional: string[];
  readonly options: Map<string, string>;
  readonly flags: Set<string>;
  readonly error?: string;
}

export function parseArgs(args: readonly string[], spec: OptionSpec): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('-') && !a.startsWith('--') && a !== '-')
      return { positional, options, flags, error: `unknown option '${a}'` };
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
    if (spec.flags?.includes(name) && eq < 0) {
      flags.add(name);
      continue;
    }
    if (!spec.values?.includes(name)) return { positional, options, flags, error: `unknown option '--${name}'` };
    const value = eq >= 0 ? a.slice(eq + 1) : args[++i];
    if (value === undefined) return { positional, options, flags, error: `option '--${name}' needs a value` };
    options.set(name, value);
  }
  return { positional, options, flags };
}

export function positiveInt(value: string | undefined, name: string): { value?: number; error?: string } {
  if (value === undefined) return {};
  const n = Number(value);
  return Number.isInteger(n) && n >= 1
    ? { value: n }
    : { error: `option '--${name}' must be a positive integer, got '${value}'` };
}

export function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  name: string,
): { value?: T; error?: string } {
  if (value === undefined) return {};
  return (allowed as readonly string[]).includes(value)
    ? { value: value as T }
    : { error: `option '--${name}' must be one of ${allowed.join(', ')}, got '${value}'` };
}
