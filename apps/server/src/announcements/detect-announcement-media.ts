import path from "node:path";

/** The attachments an announcement takes (administration section 5: png, jpg, jpeg; PDF too), by their first bytes. */
const KINDS = [
  { type: "image/png", extensions: [".png"], magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/jpeg", extensions: [".jpg", ".jpeg"], magic: [0xff, 0xd8, 0xff] },
  { type: "application/pdf", extensions: [".pdf"], magic: [...Buffer.from("%PDF-")] },
] as const;

/**
 * The file's type as its bytes say, when it is one of the above and its name's extension agrees; null otherwise.
 * The type the browser declared is not trusted: a renamed page or script is refused whatever it claims.
 */
export function detectAnnouncementMedia(fileName: string, data: Buffer): string | null {
  const kind = KINDS.find((k) => k.magic.every((byte, i) => data[i] === byte));
  if (!kind) return null;
  return (kind.extensions as readonly string[]).includes(path.extname(fileName).toLowerCase()) ? kind.type : null;
}
