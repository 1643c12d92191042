import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";

/**
 * Phone numbers as contact identities (design brief, message ingestion: "E.164 with the Brazilian ninth-digit
 * variants"). `number` is what people see and what the provider knows (E.164 digits, no "+"); `canonical` is the
 * identity key: Brazilian mobiles always carry the ninth digit, so "55 11 8765-4321" and "55 11 98765-4321" are one
 * contact. Group ids and LIDs are not phone numbers and are never accepted here: they have fields of their own.
 */
export type NormalizedNumber = { valid: true; number: string; canonical: string } | { valid: false };

const INVALID: NormalizedNumber = { valid: false };

// 55 + area code (two digits, no zero) + a mobile's eight digits (6-9), i.e. an old number without the ninth digit.
const BR_MOBILE_WITHOUT_NINTH = /^55([1-9][1-9])([6-9]\d{7})$/;
const BR_MOBILE_WITH_NINTH = /^55([1-9][1-9])9([6-9]\d{7})$/;

/** E.164 digits with the Brazilian ninth digit added when missing; other numbers unchanged. */
export function canonicalNumber(digits: string): string {
  const m = BR_MOBILE_WITHOUT_NINTH.exec(digits);
  return m ? `55${m[1]}9${m[2]}` : digits;
}

/**
 * Every form a number may arrive in from WhatsApp: for a Brazilian mobile both the form with and without the ninth
 * digit (canonical first); for anything else the number alone. Ingestion looks a contact up by these.
 */
export function numberVariants(digits: string): string[] {
  const withNinth = BR_MOBILE_WITH_NINTH.exec(digits);
  if (withNinth) return [digits, `55${withNinth[1]}${withNinth[2]}`];
  const without = BR_MOBILE_WITHOUT_NINTH.exec(digits);
  if (without) return [`55${without[1]}9${without[2]}`, digits];
  return [digits];
}

function isValidE164(digits: string): boolean {
  return parsePhoneNumberFromString(`+${digits}`)?.isValid() ?? false;
}

/**
 * Reads a number as typed ("(11) 98765-4321", "+55 11 98765-4321", "5511987654321", "+1 415 555 2671").
 * Without "+" or "00" it is read first as a national number of `defaultCountry`, then as an international one
 * written without the plus (how WhatsApp ids and spreadsheets carry them).
 */
export function normalizeNumber(input: string, defaultCountry: CountryCode = "BR"): NormalizedNumber {
  const raw = String(input ?? "").trim();
  // "@": a JID or LID; letters: not a phone number (extensions are not supported either).
  if (!raw || raw.includes("@") || /\p{L}/u.test(raw)) return INVALID;
  const international = raw.startsWith("+") || raw.startsWith("00");
  let digits = raw.replace(/\D/g, "");
  if (!raw.startsWith("+") && raw.startsWith("00")) digits = digits.slice(2);
  // E.164 allows at most 15 digits; fewer than 8 is no phone number anywhere we serve.
  if (digits.length < 8 || digits.length > 15) return INVALID;

  const candidates = international ? [`+${digits}`] : [digits, `+${digits}`];
  for (const candidate of candidates) {
    const parsed = parsePhoneNumberFromString(candidate, defaultCountry);
    if (!parsed) continue;
    const number = parsed.number.slice(1);
    const canonical = canonicalNumber(number);
    // An old Brazilian mobile is judged by its nine-digit form: the eight-digit one is no longer in the numbering plan.
    if (canonical === number ? parsed.isValid() : isValidE164(canonical)) return { valid: true, number, canonical };
  }
  return INVALID;
}

/** "+55 11 98765-4321" for people; the digits unchanged when they are no known number. */
export function formatNumber(digits: string): string {
  if (!/^\d+$/.test(digits)) return digits;
  return parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? digits;
}

/**
 * Any number as typed or received ("5511987654321", "+55 (11) 98765-4321", a vCard's TEL) in the one display form
 * of formatNumber; text that is no known number stays as it is. Every screen that shows a number uses this.
 */
export function displayNumber(raw: string): string {
  const text = String(raw ?? "").trim();
  const digits = text.replace(/\D/g, "");
  // Fewer than 8 digits is no phone number anywhere we serve (as in normalizeNumber).
  if (digits.length < 8 || /\p{L}|@/u.test(text)) return text;
  const formatted = formatNumber(digits);
  return formatted === digits ? text : formatted;
}
