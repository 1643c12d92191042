import { eq } from "drizzle-orm";
import type { CampaignData } from "@atendo/shared";
import { whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import { findApprovedTemplate } from "../message-templates/find-approved-template.js";
import type { TemplateDeps } from "../whatsapp/cloudapi/list-cloud-templates.js";

/**
 * A campaign through a Cloud API connection (its own, or the company's default when it names none) needs a template:
 * most of an audience is outside the 24-hour window, where Meta refuses the free-form message (400
 * ERR_TEMPLATE_REQUIRED). The template must be one of the connection's approved ones, with one text per {{n}}
 * (400 ERR_TEMPLATE_NOT_FOUND). Other providers ignore the template fields.
 */
export async function checkCampaignTemplate(deps: TemplateDeps, companyId: number, input: CampaignData): Promise<void> {
  const chosen = input.whatsappId !== null ? eq(whatsapps.id, input.whatsappId) : eq(whatsapps.isDefault, true);
  const [connection] = await deps.db.select({ id: whatsapps.id, provider: whatsapps.provider }).from(whatsapps).where(inCompany(whatsapps, companyId, chosen));
  if (!connection || connection.provider !== "cloudapi") return;
  if (!input.templateName || !input.templateLanguage) {
    throw new AppError("ERR_TEMPLATE_REQUIRED", 400, { whatsappId: connection.id }, [{ path: "body.templateName", message: "validation.required" }]);
  }
  await findApprovedTemplate(deps, companyId, connection.id, {
    name: input.templateName,
    language: input.templateLanguage,
    parameterCount: input.templateVariables.length,
  });
}
