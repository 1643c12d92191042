/**
 * The connection as the server presents it: the shared views (packages/shared schemas/whatsapps.ts) under the
 * names the connections feature uses. Credentials never arrive: the transcription key is only "set or not"
 * (hasTranscribeKey), and so is the API token (hasToken).
 */
import type {
  TranscribeProvider,
  WhatsAppCapabilities,
  WhatsAppEventPayload,
  WhatsAppProvider,
  WhatsAppProviderView,
  WhatsAppSessionEventPayload,
  WhatsAppStatus,
  WhatsAppUpdateInput,
  WhatsAppView,
} from "@atendo/shared";

export {
  TRANSCRIBE_PROVIDERS,
  WHATSAPP_ALERT_STATUSES as ALERT_STATUSES,
  WHATSAPP_PROVIDERS as CONNECTION_PROVIDERS,
  WHATSAPP_STATUSES as CONNECTION_STATUSES,
} from "@atendo/shared";

export type Connection = WhatsAppView;
export type ConnectionStatus = WhatsAppStatus;
export type ConnectionProvider = WhatsAppProvider;
export type ConnectionCapabilities = WhatsAppCapabilities;
export type ConnectionProviderView = WhatsAppProviderView;
export type { TranscribeProvider };
export type ConnectionQueue = WhatsAppView["queues"][number];

/** What POST /whatsapp and PUT /whatsapp/{id} take. */
export type ConnectionInput = WhatsAppUpdateInput;

/** `company-{id}-whatsapp` */
export type WhatsappEvent = WhatsAppEventPayload;

/** `company-{id}-whatsappSession`: only id is relied upon; the rest is merged over what the client holds. */
export type WhatsappSessionEvent = Omit<WhatsAppSessionEventPayload, "session"> & {
  session: Pick<WhatsAppView, "id"> & Partial<WhatsAppView>;
};
