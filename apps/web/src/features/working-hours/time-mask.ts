/** Masks typed text as ##:## (spec: time fields use ##:##): digits only, at most four, a colon after the second. */
export function maskTime(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}:${digits.slice(2)}`;
}
