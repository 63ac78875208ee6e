// An error the user caused (unknown thread, bad expression, request before launch): it
// becomes an error response with this message, never a stack trace. `userMessage` words any
// thrown value for an error response.

export class UserError extends Error {}

export function userMessage(e: unknown): string {
  if (e instanceof UserError) return e.message;
  if (typeof e === 'string') return e;
  // A stack overflow comes from input nested deeper than a recursive pass can follow.
  if (e instanceof RangeError) return 'the request is nested too deeply to answer (stack limit reached)';
  return `internal error: ${e instanceof Error ? e.message : String(e)}`;
}
