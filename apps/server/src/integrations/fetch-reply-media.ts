import path from "node:path";
import type { AppDeps } from "../app-deps.js";
import type { OutgoingMessageInput } from "../messages/queue-outgoing-message.js";
import type { ConversationReply } from "./conversation-adapter.js";

/** Media a bot may send: the WhatsApp limit for documents is higher, but bots send bubbles, not archives. */
export const REPLY_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

const EXT_BY_MIME: Record<string, string> = {
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/gif": ".gif",
  "image/webp": ".webp",
  "audio/mpeg": ".mp3",
  "audio/ogg": ".ogg",
  "audio/mp4": ".m4a",
  "audio/wav": ".wav",
  "video/mp4": ".mp4",
  "video/webm": ".webm",
  "application/pdf": ".pdf",
};

/**
 * A media reply as outbox media: bytes the adapter made are stored as they are; a URL is downloaded through the
 * guarded fetch (size-capped) and stored. Null when it cannot be had: the reply then goes as its link in text.
 */
export async function fetchReplyMedia(
  deps: Pick<AppDeps, "outbound" | "storage">,
  companyId: number,
  reply: ConversationReply,
): Promise<OutgoingMessageInput["media"] | null> {
  if (reply.type === "media-bytes") {
    const stored = await deps.storage.save(companyId, "integrations", reply.fileName, reply.data);
    return { path: stored.path, name: stored.name, mimetype: reply.mimeType, mediaType: reply.mediaType === "document" ? "application" : reply.mediaType, ...(reply.voice ? { voice: true } : {}) };
  }
  if (reply.type !== "media") return null;
  try {
    const res = await deps.outbound.fetch(reply.url, { timeoutMs: 30_000 });
    if (!res.ok) return null;
    const declared = Number(res.headers.get("content-length") ?? 0);
    if (declared > REPLY_MEDIA_MAX_BYTES) return null;
    const data = Buffer.from(await res.arrayBuffer());
    if (data.length > REPLY_MEDIA_MAX_BYTES) return null;
    const mimetype = (res.headers.get("content-type") ?? "application/octet-stream").split(";")[0]!.trim();
    const fromUrl = path.basename(new URL(reply.url).pathname);
    const name = reply.fileName ?? (path.extname(fromUrl) ? fromUrl : `${reply.mediaType}${EXT_BY_MIME[mimetype] ?? ""}`);
    const stored = await deps.storage.save(companyId, "integrations", name, data);
    return { path: stored.path, name: stored.name, mimetype, mediaType: reply.mediaType === "document" ? "application" : reply.mediaType };
  } catch {
    return null;
  }
}
