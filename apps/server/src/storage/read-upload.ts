import type { FastifyRequest } from "fastify";
import { OUTBOUND_MEDIA_MAX_BYTES } from "@atendo/shared";
import { AppError, badRequest } from "../errors.js";

export interface Upload {
  fileName: string;
  mimetype: string;
  data: Buffer;
  /** The text fields of the form, whether sent before or after the file. */
  fields: Record<string, string>;
}

/**
 * Reads a multipart form with one file (field `fieldName`) into memory, at most `maxBytes` (16 MB, the attachment
 * limit, unless said otherwise). Every client mistake (not multipart, truncated, no file, over the limits) is a 4xx
 * with an error code; a file over the limit is 413 ERR_PAYLOAD_TOO_LARGE with `details.maxBytes`.
 */
export async function readUpload(request: FastifyRequest, fieldName = "file", opts: { maxBytes?: number } = {}): Promise<Upload> {
  const { files, fields } = await readUploads(request, fieldName, 1, opts);
  return { ...files[0]!, fields };
}

/**
 * Reads a multipart form with up to `maxFiles` files in field `fieldName` (e.g. a message's `medias`); at least one
 * non-empty file is required. Same 4xx rules as readUpload.
 */
export async function readUploads(
  request: FastifyRequest,
  fieldName: string,
  maxFiles: number,
  { maxBytes = OUTBOUND_MEDIA_MAX_BYTES }: { maxBytes?: number } = {},
): Promise<{ files: Omit<Upload, "fields">[]; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError("ERR_UNSUPPORTED_MEDIA_TYPE", 415);
  const files: Omit<Upload, "fields">[] = [];
  const fields: Record<string, string> = {};
  try {
    // Enforced while the file streams in: reading stops at the limit, nothing over it is kept (or ever stored).
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === "file") {
        // Keep the expected field's files up to the limit; every other file stream is drained unread (it must be consumed).
        if (part.fieldname === fieldName && files.length < maxFiles) files.push({ fileName: part.filename, mimetype: part.mimetype, data: await part.toBuffer() });
        else part.file.resume();
      } else if (typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("ERR_PAYLOAD_TOO_LARGE", 413, { maxBytes });
    const status = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof AppError || (typeof status === "number" && status >= 400 && status < 500)) throw error;
    // Busboy's own errors (a truncated body, a malformed header) carry no status: still the client's mistake.
    throw badRequest();
  }
  if (files.length === 0 || files.some((f) => f.data.length === 0)) {
    throw new AppError("ERR_VALIDATION", 400, undefined, [{ path: `body.${fieldName}`, message: "validation.required" }]);
  }
  return { files, fields };
}
