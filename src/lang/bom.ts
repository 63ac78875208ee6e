// The UTF-8 byte order mark some editors (notably on Windows) write at the start of a file.
// It is not part of the text: editors show no column for it, so positions count after it.

export function stripBom(source: string): string {
  return source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
}
