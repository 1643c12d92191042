import path from "node:path";

/**
 * Attachments of queues and quick messages: images, audio, video and PDF only. A file passes when its declared type
 * is listed, its extension belongs to that type, and (for images and PDF) its first bytes are what the type says,
 * so a renamed executable or page is refused whatever the browser claimed.
 */
const ALLOWED: Record<string, readonly string[]> = {
  "image/jpeg": [".jpg", ".jpeg"],
  "image/png": [".png"],
  "image/gif": [".gif"],
  "image/webp": [".webp"],
  "audio/mpeg": [".mp3"],
  "audio/mp3": [".mp3"],
  "audio/ogg": [".ogg", ".oga", ".opus"],
  "audio/opus": [".opus"],
  "audio/mp4": [".m4a", ".mp4"],
  "audio/x-m4a": [".m4a"],
  "audio/aac": [".aac"],
  "audio/wav": [".wav"],
  "audio/x-wav": [".wav"],
  "audio/webm": [".webm"],
  "audio/amr": [".amr"],
  "video/mp4": [".mp4"],
  "video/3gpp": [".3gp"],
  "video/webm": [".webm"],
  "video/quicktime": [".mov"],
  "application/pdf": [".pdf"],
};

const startsWith = (data: Buffer, bytes: number[], offset = 0) => bytes.every((byte, i) => data[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: Record<string, (data: Buffer) => boolean> = {
  "image/jpeg": (d) => startsWith(d, [0xff, 0xd8, 0xff]),
  "image/png": (d) => startsWith(d, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  "image/gif": (d) => startsWith(d, ascii("GIF8")),
  "image/webp": (d) => startsWith(d, ascii("RIFF")) && startsWith(d, ascii("WEBP"), 8),
  "application/pdf": (d) => startsWith(d, ascii("%PDF-")),
};

/** A page, an SVG or any XML: text markup, never audio or video. */
const looksLikeMarkup = (data: Buffer) => /^\s*</.test(data.subarray(0, 64).toString("latin1"));

export function isAllowedMedia(fileName: string, mimetype: string, data: Buffer): boolean {
  const type = mimetype.split(";")[0]!.trim().toLowerCase();
  const extensions = ALLOWED[type];
  if (!extensions || !extensions.includes(path.extname(fileName).toLowerCase())) return false;
  const signature = SIGNATURES[type];
  if (signature) return signature(data);
  // Audio and video have too many containers for a short signature list; a page renamed .mp4 is refused at least
  // (mediaTypeFromBytes below reads the container where the bytes are stored).
  return !looksLikeMarkup(data);
}

const family = (mime: string) => mime.split("/")[0];

/**
 * The type an attachment is stored (and later served) as, decided from its bytes (the file-type package), or null
 * when the bytes are not what the declared type says. Images and PDF are checked by isAllowedMedia's signatures;
 * audio and video must be an audio or video container (WebM and MP4 hold either, so a recording declared audio/webm
 * that reads as video/webm keeps its declared audio type); documents are stored as declared (always served as
 * downloads). Call after isAllowedAttachment/isAllowedMedia.
 */
export async function mediaTypeFromBytes(mimetype: string, data: Buffer): Promise<string | null> {
  const declared = mimetype.split(";")[0]!.trim().toLowerCase();
  const kind = family(declared);
  if (kind !== "audio" && kind !== "video") return mimetype;
  // Imported on first use, not at start (start-up time).
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(data);
  if (!detected) return null;
  const detectedKind = family(detected.mime);
  if (detectedKind !== "audio" && detectedKind !== "video") return null;
  return detectedKind === kind ? detected.mime : mimetype;
}

/**
 * The one check every upload of media or attachments goes through (messages, the external API, file lists,
 * campaigns, queues, quick messages, the simulator): the declared type and the name must be allowed (`media`:
 * isAllowedMedia; `attachment`: isAllowedAttachment, documents too) and the bytes must be what they say
 * (mediaTypeFromBytes). Answers the type to store, or null when the file is refused (ERR_INVALID_FILE_TYPE).
 */
export async function checkedUploadType(fileName: string, mimetype: string, data: Buffer, accept: "media" | "attachment"): Promise<string | null> {
  const allowed = accept === "media" ? isAllowedMedia(fileName, mimetype, data) : isAllowedAttachment(fileName, mimetype, data);
  return allowed ? mediaTypeFromBytes(mimetype, data) : null;
}

/** Documents an agent may send besides media: office files, text, spreadsheets, archives (served as downloads). */
const DOCUMENTS: Record<string, readonly string[]> = {
  "text/plain": [".txt"],
  "text/csv": [".csv"],
  "application/msword": [".doc"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": [".docx"],
  "application/vnd.ms-excel": [".xls"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
  "application/vnd.ms-powerpoint": [".ppt"],
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": [".pptx"],
  "application/vnd.oasis.opendocument.text": [".odt"],
  "application/vnd.oasis.opendocument.spreadsheet": [".ods"],
  "application/zip": [".zip"],
  "application/x-zip-compressed": [".zip"],
};

/** What an agent may attach to a message: the media above, or one of the documents. */
export function isAllowedAttachment(fileName: string, mimetype: string, data: Buffer): boolean {
  if (isAllowedMedia(fileName, mimetype, data)) return true;
  const type = mimetype.split(";")[0]!.trim().toLowerCase();
  return DOCUMENTS[type]?.includes(path.extname(fileName).toLowerCase()) ?? false;
}
