import type { CampaignSettings } from "@atendo/shared";
import { fillBraceVariables } from "../messages/fill-brace-variables.js";

export interface CampaignRecipient {
  name: string;
  number: string;
  email: string;
}

/**
 * Fills a campaign text: {nome}, {numero}, {email} (administration section 9) and the company's own variables from
 * the campaign settings ({key} → value), through fillBraceVariables.
 */
export function renderCampaignMessage(text: string, recipient: CampaignRecipient, variables: CampaignSettings["variables"]): string {
  const values = new Map<string, string>(variables.map((variable) => [variable.key, variable.value]));
  values.set("nome", recipient.name);
  values.set("numero", recipient.number);
  values.set("email", recipient.email);
  return fillBraceVariables(text, values);
}

/** One of the filled variants, at random (five message and five confirmation variants, administration section 9). */
export function pickVariant(variants: (string | null)[], random: () => number = Math.random): string | null {
  const filled = variants.filter((text): text is string => text !== null && text.trim() !== "");
  if (filled.length === 0) return null;
  return filled[Math.min(filled.length - 1, Math.floor(random() * filled.length))]!;
}
