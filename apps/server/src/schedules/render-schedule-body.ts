import { renderMessageTemplate, type TemplateContext } from "../tickets/flow/render-message-template.js";

/**
 * A schedule's text with its variables filled: those of every automatic text ({{firstName}}, {{name}},
 * {{greeting}}, {{protocol}}, {{hora}}) and the campaign-style {nome}, {numero}, {email} (administration section 9).
 */
export function renderScheduleBody(text: string, context: TemplateContext & { contactNumber: string; contactEmail: string }): string {
  const filled = renderMessageTemplate(text, context);
  const values: Record<string, string> = { nome: context.contactName.trim(), numero: context.contactNumber, email: context.contactEmail };
  // Single braces only: "{{nome}}" is a double-brace variable left as written, not "{" + name + "}".
  return filled.replace(/(?<!\{)\{(nome|numero|email)\}(?!\})/g, (_whole, key: string) => values[key]!);
}
