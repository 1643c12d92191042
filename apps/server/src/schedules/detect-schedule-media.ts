import path from "node:path";

/** The images a schedule takes (administration section 5: png, jpg, jpeg), by their first bytes. */
const KINDS = [
  { type: "image/png", extensions: [".png"], magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/jpeg", extensions: [".jpg", ".jpeg"], magic: [0xff, 0xd8, 0xff] },
] as const;

/** The image's type as its bytes say when its extension agrees; null otherwise (the declared type is not trusted). */
export function detectScheduleMedia(fileName: string, data: Buffer): string | null {
  const kind = KINDS.find((k) => k.magic.every((byte, i) => data[i] === byte));
  if (!kind) return null;
  return (kind.extensions as readonly string[]).includes(path.extname(fileName).toLowerCase()) ? kind.type : null;
}
