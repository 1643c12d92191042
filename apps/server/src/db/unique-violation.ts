/**
 * Whether an error is PostgreSQL's unique violation (23505), optionally of one constraint. Checks run before inserts
 * answer the friendly code; this catches the race where two requests pass the check together.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === "23505") return !constraint || name === constraint || Boolean(message?.includes(constraint));
  }
  return false;
}
