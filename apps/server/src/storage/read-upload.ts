import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "../errors.js";

export interface Upload {
  fileName: string;
  mimetype: string;
  data: Buffer;
  /** The text fields of the form, whether sent before or after the file. */
  fields: Record<string, string>;
}

/**
 * Reads a multipart form with one file (field `fieldName`) into memory; the app's multipart limits bound its size.
 * Every client mistake (not multipart, truncated, no file, over the limits) is a 4xx with an error code.
 */
export async function readUpload(request: FastifyRequest, fieldName = "file"): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError("ERR_UNSUPPORTED_MEDIA_TYPE", 415);
  let file: Omit<Upload, "fields"> | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        // Keep the first file of the expected field; every other file stream is drained unread (it must be consumed).
        if (!file && part.fieldname === fieldName) file = { fileName: part.filename, mimetype: part.mimetype, data: await part.toBuffer() };
        else part.file.resume();
      } else if (typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof AppError || (typeof status === "number" && status >= 400 && status < 500)) throw error;
    // Busboy's own errors (a truncated body, a malformed header) carry no status: still the client's mistake.
    throw badRequest();
  }
  if (!file || file.data.length === 0) {
    throw new AppError("ERR_VALIDATION", 400, undefined, [{ path: `body.${fieldName}`, message: "validation.required" }]);
  }
  return { ...file, fields };
}
