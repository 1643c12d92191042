import type { WhatsAppTemplateView } from "@atendo/shared";
import { AppError } from "../errors.js";
import { listCloudTemplates, type TemplateDeps } from "../whatsapp/cloudapi/list-cloud-templates.js";

/**
 * The approved template `name`/`language` of a Cloud API connection (from its cached list), checked against the
 * number of body variables given. 400 ERR_TEMPLATE_NOT_FOUND (with the field errors at `fields`) when it is not there
 * or takes another number of variables.
 */
export async function findApprovedTemplate(
  deps: TemplateDeps,
  companyId: number,
  whatsappId: number,
  choice: { name: string; language: string; parameterCount: number },
  fields: { name: string; parameters: string } = { name: "body.templateName", parameters: "body.templateVariables" },
): Promise<WhatsAppTemplateView> {
  const templates = await listCloudTemplates(deps, companyId, whatsappId);
  const template = templates.find((t) => t.name === choice.name && t.language === choice.language);
  if (!template) throw new AppError("ERR_TEMPLATE_NOT_FOUND", 400, { name: choice.name, language: choice.language }, [{ path: fields.name, message: "validation.invalid" }]);
  if (template.variables !== choice.parameterCount) {
    const details = { name: choice.name, language: choice.language, expected: template.variables };
    throw new AppError("ERR_TEMPLATE_NOT_FOUND", 400, details, [{ path: fields.parameters, message: "validation.invalid" }]);
  }
  return template;
}
