import { NAMED_INTEGRATION_TYPES, SIGNED_INTEGRATION_TYPES, TYPEBOT_DEFAULT_DELAY_MESSAGE, TYPEBOT_DEFAULT_EXPIRES, type QueueIntegrationData } from "@atendo/shared";
import type { queueIntegrations } from "../db/schema.js";
import type { SecretBox } from "../whatsapp/crypto/secret-box.js";
import { isMaskedEcho, newWebhookSecret, sealIntegrationSecret, type SealedField } from "./integration-secrets.js";
import type { QueueIntegrationRow } from "./present-queue-integration.js";

type Values = Partial<typeof queueIntegrations.$inferInsert>;

/**
 * The row values of a create or an edit (section 3): projectName equals the name for every type but dialogflow;
 * secrets are sealed, and one sent back masked (or left out) keeps the stored value; "" clears it. webhook and n8n
 * get a signing secret when they have none, or a new one with `rotateSecret`: answered once, in clear.
 */
export function integrationValuesOf(
  box: SecretBox,
  companyId: number,
  input: QueueIntegrationData,
  current?: QueueIntegrationRow,
): { values: Values; newWebhookSecret?: string } {
  const name = input.name?.trim() || input.projectName?.trim() || "";
  const values: Values = {
    type: input.type,
    name,
    projectName: NAMED_INTEGRATION_TYPES.includes(input.type) ? name : (input.projectName?.trim() ?? name),
    language: input.language ?? current?.language ?? "pt-BR",
    urlN8N: input.urlN8N ?? current?.urlN8N ?? "",
    urlflowise: input.urlflowise ?? current?.urlflowise ?? "",
    urldify: input.urldify ?? current?.urldify ?? "",
    openaiid: input.openaiid ?? current?.openaiid ?? "",
    transcribes: input.transcribes ?? current?.transcribes ?? false,
    typebotSlug: input.typebotSlug ?? current?.typebotSlug ?? "",
    typebotExpires: input.typebotExpires ?? current?.typebotExpires ?? TYPEBOT_DEFAULT_EXPIRES,
    typebotDelayMessage: input.typebotDelayMessage ?? current?.typebotDelayMessage ?? TYPEBOT_DEFAULT_DELAY_MESSAGE,
    typebotKeywordFinish: input.typebotKeywordFinish ?? current?.typebotKeywordFinish ?? "",
    typebotKeywordRestart: input.typebotKeywordRestart ?? current?.typebotKeywordRestart ?? "",
    typebotUnknownMessage: input.typebotUnknownMessage ?? current?.typebotUnknownMessage ?? "",
    typebotRestartMessage: input.typebotRestartMessage ?? current?.typebotRestartMessage ?? "",
    updatedAt: new Date(),
  };
  const secret = (field: Exclude<SealedField, "webhookSecret">) => {
    const sent = input[field];
    if (sent === undefined || isMaskedEcho(sent)) return;
    values[field] = sent.trim() === "" ? null : sealIntegrationSecret(box, companyId, field, sent.trim());
  };
  secret("jsonContent");
  secret("apidify");
  secret("openaikey");
  let fresh: string | undefined;
  if (SIGNED_INTEGRATION_TYPES.includes(input.type) && (!current?.webhookSecret || input.rotateSecret)) {
    fresh = newWebhookSecret();
    values.webhookSecret = sealIntegrationSecret(box, companyId, "webhookSecret", fresh);
  }
  return { values, newWebhookSecret: fresh };
}
