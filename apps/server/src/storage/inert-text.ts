/**
 * Formula injection (CSV/spreadsheet injection): a text cell that begins with one of these is read as a formula by
 * spreadsheet programs (tab and carriage return because some strip them first). Every export of user-entered text
 * passes through `inertText`, which prefixes such text with an apostrophe (the OWASP advice), so it stays text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function inertText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
