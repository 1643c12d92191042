import { fillBraceVariables } from "../messages/fill-brace-variables.js";
import { renderMessageTemplate, type TemplateContext } from "../tickets/flow/render-message-template.js";

/**
 * A schedule's text with its variables filled: those of every automatic text ({{firstName}}, {{name}},
 * {{greeting}}, {{protocol}}, {{hora}}) and the campaign-style {nome}, {numero}, {email} (administration section 9).
 */
export function renderScheduleBody(text: string, context: TemplateContext & { contactNumber: string; contactEmail: string }): string {
  const filled = renderMessageTemplate(text, context);
  return fillBraceVariables(filled, new Map([["nome", context.contactName.trim()], ["numero", context.contactNumber], ["email", context.contactEmail]]));
}
