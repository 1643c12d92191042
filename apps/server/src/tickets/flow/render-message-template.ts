import { zonedTime } from "./flow-time.js";

export interface TemplateContext {
  /** The contact's name as stored. */
  contactName: string;
  ticketId: number;
  /** When the ticket was created: the protocol's date, so the protocol never changes during a conversation. */
  ticketCreatedAt: Date;
  now: Date;
  timeZone: string;
}

/** Bom dia before 12:00, Boa tarde before 18:00, else Boa noite (the company's clock). */
export function greetingOf(hour: number): string {
  if (hour < 12) return "Bom dia";
  if (hour < 18) return "Boa tarde";
  return "Boa noite";
}

/** The ticket's protocol: the creation date (yyyyMMdd, company clock) followed by the ticket id. */
export function protocolOf(ticketId: number, ticketCreatedAt: Date, timeZone: string): string {
  return `${zonedTime(ticketCreatedAt, timeZone).ymd}${ticketId}`;
}

/**
 * Fills the message variables of every automatic text: {{firstName}}, {{name}}, {{greeting}}, {{protocol}},
 * {{hora}} (spaces inside the braces allowed, names case-sensitive). Unknown variables stay as written.
 */
export function renderMessageTemplate(text: string, context: TemplateContext): string {
  // Most texts name no variable (a menu, a greeting): the clock is read only when one asks for it.
  if (!text.includes("{{")) return text;
  const clock = zonedTime(context.now, context.timeZone);
  const name = context.contactName.trim();
  const values: Record<string, string> = {
    firstName: name.split(/\s+/)[0] ?? "",
    name,
    greeting: greetingOf(clock.hour),
    protocol: protocolOf(context.ticketId, context.ticketCreatedAt, context.timeZone),
    hora: clock.hhmm,
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key]! : whole));
}
