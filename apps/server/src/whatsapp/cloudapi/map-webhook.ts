import type { Ack, ChatRef, InboundMessage, MessageContent, ProviderEvent } from "../provider.js";

/**
 * Meta's webhook payload (object "whatsapp_business_account", field "messages") → normalised provider events. Pure:
 * the session feeds it the parsed body of a delivery whose signature was checked. Only changes for the connection's
 * own phone number id are read (a WABA may have several numbers; their webhooks reach every subscribed app).
 */
export interface CloudWebhookPayload {
  object?: string;
  entry?: { id?: string; changes?: { field?: string; value?: CloudWebhookValue }[] }[];
}

export interface CloudWebhookValue {
  messaging_product?: string;
  metadata?: { display_phone_number?: string; phone_number_id?: string };
  contacts?: { wa_id?: string; profile?: { name?: string } }[];
  messages?: CloudInboundMessage[];
  statuses?: CloudStatus[];
  errors?: CloudError[];
}

export interface CloudError {
  code?: number;
  title?: string;
  message?: string;
  error_data?: { details?: string };
}

interface CloudMedia {
  id?: string;
  mime_type?: string;
  sha256?: string;
  caption?: string;
  filename?: string;
  voice?: boolean;
  animated?: boolean;
}

export interface CloudInboundMessage {
  from?: string;
  id?: string;
  timestamp?: string;
  type?: string;
  context?: { from?: string; id?: string; forwarded?: boolean; frequently_forwarded?: boolean };
  text?: { body?: string };
  image?: CloudMedia;
  audio?: CloudMedia;
  video?: CloudMedia;
  document?: CloudMedia;
  sticker?: CloudMedia;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  contacts?: { name?: { formatted_name?: string; first_name?: string }; phones?: { phone?: string; wa_id?: string; type?: string }[] }[];
  reaction?: { message_id?: string; emoji?: string };
  interactive?: { type?: string; button_reply?: { id?: string; title?: string }; list_reply?: { id?: string; title?: string; description?: string } };
  button?: { payload?: string; text?: string };
  errors?: CloudError[];
}

export interface CloudStatus {
  id?: string;
  status?: string;
  timestamp?: string;
  recipient_id?: string;
  errors?: CloudError[];
}

/** What the provider keeps to fetch an inbound file later: Meta's media id (GET /{media-id} gives a short-lived URL). */
export interface CloudMediaRef {
  id: string;
  mimetype: string;
}

export const CLOUD_PROVIDER = "cloudapi";

const STATUS_ACKS: Record<string, Ack> = { sent: 2, delivered: 3, read: 4 };

/** "131047: Re-engagement message" — Meta's code and title, as the agent sees it on the failed message. */
export function describeCloudError(error: CloudError | undefined): string {
  if (!error) return "ERR_SENDING_WAPP_MSG";
  const title = error.title ?? error.message ?? "error";
  return error.code !== undefined ? `${error.code}: ${title}` : title;
}

function vcardOf(contact: NonNullable<CloudInboundMessage["contacts"]>[number]): { displayName: string; vcard: string } {
  const displayName = contact.name?.formatted_name ?? contact.name?.first_name ?? "";
  const phones = (contact.phones ?? []).map((p) => `TEL;type=${p.type ?? "CELL"}${p.wa_id ? `;waid=${p.wa_id}` : ""}:${p.phone ?? p.wa_id ?? ""}`);
  return { displayName, vcard: ["BEGIN:VCARD", "VERSION:3.0", `FN:${displayName}`, ...phones, "END:VCARD"].join("\n") };
}

function contentOf(m: CloudInboundMessage): MessageContent {
  switch (m.type) {
    case "text":
      return { type: "text", body: m.text?.body ?? "" };
    case "image":
    case "video":
    case "audio":
    case "document":
    case "sticker": {
      const media = m[m.type];
      if (!media?.id) return { type: "unsupported", description: `${m.type} without a media id` };
      const mimetype = media.mime_type ?? "application/octet-stream";
      const ref: CloudMediaRef = { id: media.id, mimetype };
      return {
        type: m.type,
        mimetype,
        ...(media.caption ? { caption: media.caption } : {}),
        ...(media.filename ? { fileName: media.filename } : {}),
        ...(m.type === "audio" && media.voice ? { voice: true } : {}),
        media: { provider: CLOUD_PROVIDER, ref },
      };
    }
    case "location":
      return {
        type: "location",
        latitude: Number(m.location?.latitude ?? 0),
        longitude: Number(m.location?.longitude ?? 0),
        ...(m.location?.name ? { name: m.location.name } : {}),
        ...(m.location?.address ? { address: m.location.address } : {}),
      };
    case "contacts": {
      const first = m.contacts?.[0];
      if (!first) return { type: "unsupported", description: "empty contacts message" };
      return { type: "contact", ...vcardOf(first) };
    }
    case "interactive": {
      // The customer tapped a reply button or chose a list row: the title is what they "said".
      const reply = m.interactive?.button_reply ?? m.interactive?.list_reply;
      return reply?.title ? { type: "text", body: reply.title } : { type: "unsupported", description: `interactive ${m.interactive?.type ?? ""}`.trim() };
    }
    case "button":
      // A quick-reply button of a template.
      return { type: "text", body: m.button?.text ?? m.button?.payload ?? "" };
    default:
      return { type: "unsupported", description: m.errors?.[0] ? describeCloudError(m.errors[0]) : `Cloud API message type ${m.type ?? "unknown"}` };
  }
}

export function mapCloudWebhook(payload: CloudWebhookPayload, phoneNumberId: string): ProviderEvent[] {
  const events: ProviderEvent[] = [];
  if (payload.object !== "whatsapp_business_account") return events;
  for (const entry of payload.entry ?? []) {
    for (const change of entry.changes ?? []) {
      const value = change.value;
      if (change.field !== "messages" || !value || value.metadata?.phone_number_id !== phoneNumberId) continue;
      const names = new Map((value.contacts ?? []).map((c) => [c.wa_id, c.profile?.name]));
      for (const m of value.messages ?? []) {
        if (!m.from || !m.id) continue;
        const chat: ChatRef = { kind: "user", number: m.from };
        const pushName = names.get(m.from);
        const from = { number: m.from, ...(pushName ? { pushName } : {}) };
        if (m.type === "reaction") {
          if (!m.reaction?.message_id) continue;
          events.push({ type: "reaction", chat, messageId: m.reaction.message_id, from, fromMe: false, emoji: m.reaction.emoji ?? "" });
          continue;
        }
        const message: InboundMessage = {
          id: m.id,
          chat,
          from,
          fromMe: false,
          timestamp: new Date(Number(m.timestamp ?? 0) * 1000 || Date.now()),
          content: contentOf(m),
          ...(m.context?.id && m.type !== "button" ? { quotedId: m.context.id } : {}),
          ...(m.context?.forwarded || m.context?.frequently_forwarded ? { forwarded: true } : {}),
        };
        events.push({ type: "message", origin: "live", message });
      }
      for (const s of value.statuses ?? []) {
        if (!s.id || !s.recipient_id) continue;
        const chat: ChatRef = { kind: "user", number: s.recipient_id };
        if (s.status === "failed") {
          events.push({ type: "ack", chat, messageId: s.id, ack: 0, failed: true, error: describeCloudError(s.errors?.[0]) });
          continue;
        }
        const ack = STATUS_ACKS[s.status ?? ""];
        if (ack !== undefined) events.push({ type: "ack", chat, messageId: s.id, ack });
      }
    }
  }
  return events;
}
