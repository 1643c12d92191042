/** A minimal vCard 3.0 for a contact card message, with the WhatsApp id WhatsApp itself adds (waid). */
export function buildVcard(name: string, number: string): string {
  const digits = number.replace(/\D/g, "");
  const fn = name.replace(/[\r\n]+/g, " ").trim();
  return ["BEGIN:VCARD", "VERSION:3.0", `N:;${fn};;;`, `FN:${fn}`, `TEL;type=CELL;type=VOICE;waid=${digits}:+${digits}`, "END:VCARD"].join("\n");
}
