import { eq } from "drizzle-orm";
import type { ScheduleData } from "@atendo/shared";
import { whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { findApprovedTemplate } from "../message-templates/find-approved-template.js";
import type { TemplateDeps } from "../whatsapp/cloudapi/list-cloud-templates.js";

/** The template columns as saved: no name, no language or variables. */
export function scheduleTemplateOf(input: ScheduleData) {
  return {
    templateName: input.templateName,
    templateLanguage: input.templateName ? input.templateLanguage : null,
    templateVariables: input.templateName ? input.templateVariables : [],
  };
}

/**
 * A template chosen for a Cloud API connection (the schedule's, or the company's default) must be one of its approved
 * ones with one text per {{n}} (400 ERR_TEMPLATE_NOT_FOUND). Unlike a campaign, a schedule may go without one: it is
 * usually a follow-up inside a conversation; if the window has closed by its time it ends ERRO ERR_TEMPLATE_REQUIRED.
 */
export async function checkScheduleTemplate(deps: TemplateDeps, companyId: number, input: ScheduleData): Promise<void> {
  if (!input.templateName || !input.templateLanguage) return;
  const chosen = input.whatsappId ? eq(whatsapps.id, input.whatsappId) : eq(whatsapps.isDefault, true);
  const [connection] = await deps.db.select({ id: whatsapps.id, provider: whatsapps.provider }).from(whatsapps).where(inCompany(whatsapps, companyId, chosen));
  if (!connection || connection.provider !== "cloudapi") return;
  await findApprovedTemplate(deps, companyId, connection.id, {
    name: input.templateName,
    language: input.templateLanguage,
    parameterCount: input.templateVariables.length,
  });
}
