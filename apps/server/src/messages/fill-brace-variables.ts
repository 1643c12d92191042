/**
 * Fills single-brace variables ({nome}, {numero}, {email}, a company's own {key}; administration section 9) from
 * `values`. Unknown names stay as written, and a double-brace variable ("{{nome}}", the automatic texts' syntax,
 * render-message-template.ts) is never read as "{" + a value + "}". Campaigns and schedules both fill through it.
 */
export function fillBraceVariables(text: string, values: ReadonlyMap<string, string>): string {
  return text.replace(/(?<!\{)\{([\p{L}\p{N}_-]+)\}(?!\})/gu, (whole, key: string) => values.get(key) ?? whole);
}
