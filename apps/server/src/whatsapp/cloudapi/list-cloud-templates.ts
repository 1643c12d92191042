import { eq } from "drizzle-orm";
import type { WhatsAppTemplateView } from "@atendo/shared";
import type { Db } from "../../db/client.js";
import { whatsapps } from "../../db/schema.js";
import { inCompany } from "../../db/tenant.js";
import { AppError } from "../../errors.js";
import type { Outbound } from "../../outbound/outbound.js";
import { openCloudSecret } from "./cloud-secrets.js";
import { createGraphClient, GraphApiError, type MessageTemplate } from "./graph-client.js";

export interface TemplateDeps {
  db: Db;
  outbound: Outbound;
  config: { whatsappEncryptionKey: Buffer; whatsappCloudApiUrl?: string; whatsappCloudApiVersion?: string };
}

interface CachedTemplates {
  fetchedAt: string;
  templates: WhatsAppTemplateView[];
}

/** Templates are approved at Meta rarely: the list is kept an hour unless the card asks for a refresh. */
const TEMPLATES_TTL_MS = 60 * 60 * 1000;

function viewOf(t: MessageTemplate): WhatsAppTemplateView {
  const body = t.components.find((c) => c.type === "BODY")?.text ?? "";
  const variables = new Set([...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => m[1])).size;
  return { name: t.name, language: t.language, category: t.category ?? null, components: t.components.map(({ type, format, text }) => ({ type, ...(format ? { format } : {}), ...(text ? { text } : {}) })), variables };
}

/**
 * GET /whatsapp/{id}/templates: the approved templates of a Cloud API connection's WhatsApp Business Account, from
 * `GET /{waba-id}/message_templates`, cached on the connection. 400 ERR_BAD_REQUEST for other providers; Meta's
 * refusal is 502 ERR_SENDING_WAPP_MSG with its code and message.
 */
export async function listCloudTemplates(deps: TemplateDeps, companyId: number, whatsappId: number, refresh = false): Promise<WhatsAppTemplateView[]> {
  const [row] = await deps.db.select().from(whatsapps).where(inCompany(whatsapps, companyId, eq(whatsapps.id, whatsappId)));
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND", 404);
  if (row.provider !== "cloudapi") throw new AppError("ERR_BAD_REQUEST", 400);
  const cached = row.cloudTemplates as CachedTemplates | null;
  if (!refresh && cached && Date.now() - Date.parse(cached.fetchedAt) < TEMPLATES_TTL_MS) return cached.templates;
  if (!row.cloudAccessToken || !row.cloudBusinessAccountId) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 409);
  const graph = createGraphClient({
    fetch: deps.outbound.fetch,
    baseUrl: deps.config.whatsappCloudApiUrl ?? "https://graph.facebook.com",
    version: deps.config.whatsappCloudApiVersion ?? "v23.0",
    accessToken: openCloudSecret(deps.config.whatsappEncryptionKey, companyId, "token", row.cloudAccessToken),
  });
  let templates: WhatsAppTemplateView[];
  try {
    templates = (await graph.templates(row.cloudBusinessAccountId)).filter((t) => t.status === "APPROVED").map(viewOf);
  } catch (err) {
    if (err instanceof GraphApiError) throw new AppError("ERR_SENDING_WAPP_MSG", 502, { code: err.code, message: err.message });
    throw err;
  }
  await deps.db
    .update(whatsapps)
    .set({ cloudTemplates: { fetchedAt: new Date().toISOString(), templates } satisfies CachedTemplates })
    .where(inCompany(whatsapps, companyId, eq(whatsapps.id, whatsappId)));
  return templates;
}
