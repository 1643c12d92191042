import type { WhatsAppCapabilities, WhatsAppProvider, WhatsAppView } from "@atendo/shared";
import type { whatsapps } from "../db/schema.js";
import { BAILEYS_CAPABILITIES } from "../whatsapp/sessions/providers.js";
import { SIMULATOR_CAPABILITIES } from "../whatsapp/simulator/simulator-session.js";
import { CLOUD_API_CAPABILITIES } from "../whatsapp/cloudapi/cloudapi-session.js";
import { cloudWebhookPath } from "../whatsapp/cloudapi/cloud-webhook-url.js";

type WhatsAppRow = typeof whatsapps.$inferSelect;

/** Known without a live session, so the page can show what a connection offers whatever its state. */
export const PROVIDER_CAPABILITIES: Record<WhatsAppProvider, WhatsAppCapabilities> = {
  beta: BAILEYS_CAPABILITIES,
  simulator: SIMULATOR_CAPABILITIES,
  cloudapi: CLOUD_API_CAPABILITIES,
};

/**
 * What leaves the server about a connection. Never credentials: the login (auth keys) lives in other tables, the
 * transcription key is only "set or not", and so is the API token (its hash is all the server keeps).
 */
export function presentWhatsapp(row: WhatsAppRow, queues: WhatsAppView["queues"], _opts: { withToken: boolean; publicUrl?: string }): WhatsAppView {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    status: row.status,
    qrcode: row.qrcode,
    pairingCode: row.pairingCode,
    retries: row.retries,
    isDefault: row.isDefault,
    // Only the token's SHA-256 is stored (public-api/): whether there is one is all anyone sees.
    hasToken: Boolean(row.token),
    provider: row.provider,
    greetingMessage: row.greetingMessage,
    complationMessage: row.complationMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    ratingMessage: row.ratingMessage,
    expiresInactiveMessage: row.expiresInactiveMessage,
    expiresTicket: row.expiresTicket,
    timeUseBotQueues: row.timeUseBotQueues,
    maxUseBotQueues: row.maxUseBotQueues,
    timeToTransfer: row.timeToTransfer,
    transferQueueId: row.transferQueueId,
    promptId: row.promptId,
    activeTranscribe: row.activeTranscribe,
    transcribe: row.transcribe,
    transcribeme: row.transcribeme,
    hasTranscribeKey: Boolean(row.transcribekey),
    transcribeprovider: row.transcribeprovider,
    sendme: row.sendme,
    sendRatePerSecond: row.sendRatePerSecond,
    timeforagroup: row.timeforagroup,
    timeresume: row.timeresume,
    queues,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    capabilities: PROVIDER_CAPABILITIES[row.provider],
    // Cloud API: ids and what to paste at Meta; the token and app secret only as "set or not".
    cloudPhoneNumberId: row.cloudPhoneNumberId,
    cloudBusinessAccountId: row.cloudBusinessAccountId,
    hasCloudAccessToken: Boolean(row.cloudAccessToken),
    hasCloudAppSecret: Boolean(row.cloudAppSecret),
    cloudVerifyToken: row.provider === "cloudapi" ? row.cloudVerifyToken : null,
    cloudWebhookUrl: row.provider === "cloudapi" && row.cloudWebhookKey ? cloudWebhookPath(row.cloudWebhookKey, _opts.publicUrl) : null,
    cloudWebhookVerified: Boolean(row.cloudWebhookVerifiedAt),
    cloudDisplayName: row.cloudDisplayName,
    cloudQualityRating: row.cloudQualityRating,
    statusReason: row.statusReason,
  };
}
