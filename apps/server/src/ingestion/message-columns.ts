import type { messages } from "../db/schema.js";
import type { MessageContent } from "../whatsapp/provider.js";

type Columns = Pick<typeof messages.$inferInsert, "body" | "mediaType" | "mimetype" | "mediaName" | "mediaStatus" | "data">;

const LABELS: Record<string, string> = {
  image: "📷 Imagem",
  video: "🎥 Vídeo",
  audio: "🎤 Áudio",
  sticker: "Figurinha",
  application: "📄 Documento",
  locationMessage: "📍 Localização",
  contactMessage: "👤 Contato",
  call_log: "📞 Chamada",
  unsupported: "Mensagem não suportada",
};

/**
 * A provider message's content as message columns (spec, Message entity: chat for text, image, audio, video,
 * application for documents, sticker, locationMessage, contactMessage, call_log). Media is not downloaded here: its
 * provider reference waits in data.mediaRef (never presented) with mediaStatus pending.
 */
export function messageColumnsOf(content: MessageContent): Columns {
  switch (content.type) {
    case "text":
      return { body: content.body, mediaType: "chat", mediaStatus: "none", data: {} };
    case "image":
    case "video":
    case "audio":
    case "document":
    case "sticker":
      return {
        body: content.caption ?? "",
        mediaType: content.type === "document" ? "application" : content.type,
        mimetype: content.mimetype,
        mediaName: content.fileName ?? null,
        mediaStatus: "pending",
        data: {
          mediaRef: content.media,
          ...(content.voice ? { voice: true } : {}),
          ...(content.size !== undefined ? { size: content.size } : {}),
        },
      };
    case "location":
      return {
        body: content.name ?? content.address ?? "",
        mediaType: "locationMessage",
        mediaStatus: "none",
        data: { latitude: content.latitude, longitude: content.longitude, name: content.name ?? null, address: content.address ?? null },
      };
    case "contact":
      return { body: content.displayName, mediaType: "contactMessage", mediaStatus: "none", data: { displayName: content.displayName, vcard: content.vcard } };
    case "call_log":
      return { body: "", mediaType: "call_log", mediaStatus: "none", data: { video: content.video, missed: content.missed } };
    case "unsupported":
      return { body: "", mediaType: "chat", mediaStatus: "none", data: { unsupported: content.description } };
  }
}

/** The ticket card's last message: the text, a caption, or a short label of the kind of message. */
export function lastMessageOf(columns: Columns): string {
  const body = (columns.body ?? "").trim();
  if (columns.mediaType === "chat") return body || ((columns.data as { unsupported?: string }).unsupported ? LABELS.unsupported! : "");
  if (columns.mediaType === "contactMessage") return `${LABELS.contactMessage}: ${body}`;
  if (body) return body;
  if (columns.mediaType === "application" && columns.mediaName) return `📄 ${columns.mediaName}`;
  return LABELS[columns.mediaType ?? ""] ?? columns.mediaType ?? "";
}
