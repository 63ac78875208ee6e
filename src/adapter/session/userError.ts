// An error the user caused (unknown thread, bad expression, request before launch): it
// becomes an error response with this message, never a stack trace.

export class UserError extends Error {}
