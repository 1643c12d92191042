import { eq } from "drizzle-orm";
import type { SendTemplate } from "@atendo/shared";
import { whatsapps } from "../../db/schema.js";
import { inCompany } from "../../db/tenant.js";
import { AppError } from "../../errors.js";
import { findApprovedTemplate } from "../../message-templates/find-approved-template.js";
import { isCustomerWindowOpen } from "./is-customer-window-open.js";
import type { TemplateDeps } from "./list-cloud-templates.js";
import { renderTemplateBody } from "./render-template-body.js";

export interface CheckedTemplateSend {
  /** The template's body with its variables filled: what the conversation shows. */
  body: string;
  template: { name: string; language: string; parameters: string[] };
}

/**
 * An agent's send on a ticket, checked against its connection's provider before anything is stored. On a Cloud API
 * connection a template must be one of the approved ones with one text per {{n}} (400 ERR_TEMPLATE_NOT_FOUND) and
 * answers its rendered text; free text or media outside the customer's 24-hour window is 400 ERR_TEMPLATE_REQUIRED
 * (Meta would refuse it with 131047 after the agent thought it sent). Other providers take no template (400
 * ERR_VALIDATION) and have no window. Runs outside the send's transaction: the template list may come from Meta.
 */
export async function checkCloudSend(
  deps: TemplateDeps,
  companyId: number,
  ticket: { whatsappId: number; contactId: number },
  template: SendTemplate | undefined,
): Promise<CheckedTemplateSend | null> {
  const [connection] = await deps.db
    .select({ provider: whatsapps.provider })
    .from(whatsapps)
    .where(inCompany(whatsapps, companyId, eq(whatsapps.id, ticket.whatsappId)));
  if (connection?.provider !== "cloudapi") {
    if (template) throw new AppError("ERR_VALIDATION", 400, undefined, [{ path: "body.template", message: "validation.invalid" }]);
    return null;
  }
  if (template) {
    const found = await findApprovedTemplate(
      deps,
      companyId,
      ticket.whatsappId,
      { name: template.name, language: template.language, parameterCount: template.parameters.length },
      { name: "body.template.name", parameters: "body.template.parameters" },
    );
    return { body: renderTemplateBody(found, template.parameters), template: { name: found.name, language: found.language, parameters: template.parameters } };
  }
  if (!(await isCustomerWindowOpen(deps.db, { companyId, whatsappId: ticket.whatsappId, contactId: ticket.contactId }))) {
    throw new AppError("ERR_TEMPLATE_REQUIRED", 400, { whatsappId: ticket.whatsappId });
  }
  return null;
}
