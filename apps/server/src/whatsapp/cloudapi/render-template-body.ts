import type { WhatsAppTemplateView } from "@atendo/shared";

/**
 * A template's BODY text with its {{n}} placeholders filled from `parameters` (1-based, as Meta numbers them): what
 * the agent sees in the conversation and what a provider without templates would send. A placeholder without a
 * parameter stays as written, so a missing value is visible rather than silently empty.
 */
export function renderTemplateBody(template: WhatsAppTemplateView, parameters: string[]): string {
  const body = template.components.find((c) => c.type === "BODY")?.text ?? "";
  return body.replace(/\{\{(\d+)\}\}/g, (placeholder, n: string) => parameters[Number(n) - 1] ?? placeholder);
}
