/** Whether an error is PostgreSQL's foreign-key violation (23503): the row it points at is gone. */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23503") return true;
  }
  return false;
}
