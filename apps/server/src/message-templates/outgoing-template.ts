import type { WhatsAppTemplateView } from "@atendo/shared";
import { renderTemplateBody } from "../whatsapp/cloudapi/render-template-body.js";

/**
 * What the outbox takes for a template send: the body parameters as filled for this contact and the template's
 * text with them (what the conversation shows). Meta refuses an empty text parameter, so a variable that filled to
 * nothing (a contact without e-mail) goes as "-".
 */
export function outgoingTemplate(template: WhatsAppTemplateView, filled: string[]) {
  const parameters = filled.map((text) => (text.trim() === "" ? "-" : text));
  return { body: renderTemplateBody(template, parameters), template: { name: template.name, language: template.language, parameters } };
}
