import path from "node:path";
import { AppError } from "../../errors.js";

/** Logos are small; an image past this is a mistake (or an attempt to fill the disk). */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

export interface CheckedLogo {
  contentType: "image/png" | "image/x-icon" | "image/svg+xml";
  ext: ".png" | ".ico" | ".svg";
  /** What is stored: the file as sent, or for an SVG its sanitised form. */
  data: Buffer;
}

const invalidType = () => new AppError("ERR_INVALID_FILE_TYPE", 400, { allowed: ["png", "ico", "svg"] });

/**
 * PNG, ICO or SVG only (administration section 5). The type comes from the bytes (file-type), and an SVG, which has
 * no magic number, from parsing it; the name's extension must agree, so a PNG renamed .svg or a page renamed .png is
 * refused. An SVG is stored sanitised (sanitize-svg.ts).
 */
export async function checkLogoFile(fileName: string, data: Buffer): Promise<CheckedLogo> {
  if (data.length > MAX_LOGO_BYTES) throw new AppError("ERR_PAYLOAD_TOO_LARGE", 413, { maxBytes: MAX_LOGO_BYTES });
  const ext = path.extname(fileName).toLowerCase();
  // Imported on first use, not at start (start-up time).
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(data);
  if (ext === ".png" && (detected?.mime === "image/png" || detected?.mime === "image/apng")) {
    return { contentType: "image/png", ext, data };
  }
  if (ext === ".ico" && detected?.mime === "image/x-icon") return { contentType: "image/x-icon", ext, data };
  // Text has no signature: file-type answers nothing, or "xml" for a document with an XML declaration.
  if (ext === ".svg" && (detected === undefined || detected.ext === "xml")) {
    const text = decodeUtf8(data);
    if (text === null) throw invalidType();
    // jsdom (under the sanitiser) is loaded by the first SVG logo, not at every start: ~0.5 s and ~70 MB.
    const { InvalidSvgError, sanitizeSvg } = await import("./sanitize-svg.js");
    try {
      return { contentType: "image/svg+xml", ext, data: Buffer.from(sanitizeSvg(text), "utf8") };
    } catch (error) {
      if (error instanceof InvalidSvgError) throw invalidType();
      throw error;
    }
  }
  throw invalidType();
}

function decodeUtf8(data: Buffer): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    return null;
  }
}
