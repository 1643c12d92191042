import { eq } from "drizzle-orm";
import type { WhatsAppTemplateView } from "@atendo/shared";
import { whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import type { TemplateDeps } from "../whatsapp/cloudapi/list-cloud-templates.js";
import { findApprovedTemplate } from "./find-approved-template.js";

/**
 * For a job that may have to send a saved template choice (campaign, schedule): the template, read before the job's
 * transaction (the list may come from Meta, and on PGlite the transaction holds the only connection). Null when
 * there is no choice or the connection is not a Cloud API one. A refusal is answered, not thrown: the job needs
 * the template only for a contact whose window is closed. Meta being unreachable (5xx) is thrown as a plain error so
 * the job is retried rather than failed for good.
 */
export async function lookUpSendTemplate(
  deps: TemplateDeps,
  companyId: number,
  whatsappId: number | null,
  choice: { templateName: string | null; templateLanguage: string | null; templateVariables: string[] },
): Promise<WhatsAppTemplateView | AppError | null> {
  if (!choice.templateName || !choice.templateLanguage) return null;
  const [connection] = await deps.db
    .select({ id: whatsapps.id, provider: whatsapps.provider })
    .from(whatsapps)
    .where(inCompany(whatsapps, companyId, whatsappId !== null ? eq(whatsapps.id, whatsappId) : eq(whatsapps.isDefault, true)));
  if (!connection || connection.provider !== "cloudapi") return null;
  try {
    return await findApprovedTemplate(deps, companyId, connection.id, {
      name: choice.templateName,
      language: choice.templateLanguage,
      parameterCount: choice.templateVariables.length,
    });
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) return err;
    throw new Error(`templates of connection ${connection.id} unavailable`, { cause: err });
  }
}
