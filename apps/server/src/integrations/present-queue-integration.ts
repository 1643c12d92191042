import type { QueueIntegrationType, QueueIntegrationView } from "@atendo/shared";
import type { queueIntegrations } from "../db/schema.js";
import type { SecretBox } from "../whatsapp/crypto/secret-box.js";
import { maskIntegrationSecret, openIntegrationSecret } from "./integration-secrets.js";

export type QueueIntegrationRow = typeof queueIntegrations.$inferSelect;

/** What leaves the server of an integration: every secret masked (answers and events alike). */
export function presentQueueIntegration(box: SecretBox, row: QueueIntegrationRow): QueueIntegrationView {
  const masked = (field: "jsonContent" | "apidify" | "openaikey" | "webhookSecret") =>
    maskIntegrationSecret(openIntegrationSecret(box, row.companyId, field, row[field]));
  return {
    id: row.id,
    type: row.type as QueueIntegrationType,
    name: row.name,
    projectName: row.projectName,
    language: row.language,
    jsonContent: masked("jsonContent"),
    urlN8N: row.urlN8N,
    urlflowise: row.urlflowise,
    urldify: row.urldify,
    apidify: masked("apidify"),
    openaiid: row.openaiid,
    openaikey: masked("openaikey"),
    transcribes: row.transcribes,
    typebotSlug: row.typebotSlug,
    typebotExpires: row.typebotExpires,
    typebotDelayMessage: row.typebotDelayMessage,
    typebotKeywordFinish: row.typebotKeywordFinish,
    typebotKeywordRestart: row.typebotKeywordRestart,
    typebotUnknownMessage: row.typebotUnknownMessage,
    typebotRestartMessage: row.typebotRestartMessage,
    hasWebhookSecret: Boolean(row.webhookSecret),
    webhookSecret: masked("webhookSecret"),
    companyId: row.companyId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The settings an adapter gets (`parseConfig`'s input): every field, secrets decrypted. Never presented. */
export function integrationConfigOf(box: SecretBox, row: QueueIntegrationRow): Record<string, unknown> {
  return {
    ...row,
    jsonContent: openIntegrationSecret(box, row.companyId, "jsonContent", row.jsonContent),
    apidify: openIntegrationSecret(box, row.companyId, "apidify", row.apidify),
    openaikey: openIntegrationSecret(box, row.companyId, "openaikey", row.openaikey),
    webhookSecret: openIntegrationSecret(box, row.companyId, "webhookSecret", row.webhookSecret),
  };
}
