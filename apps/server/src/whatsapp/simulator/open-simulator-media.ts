import { AppError } from "../../errors.js";
import type { Db } from "../../db/client.js";
import type { FileStorage } from "../../storage/file-storage.js";
import { findSimulatorConnection } from "./find-simulator-connection.js";
import { findSimulatorMessage } from "./simulator-store.js";

/** Types the browser may show inline; anything else is served as a download (an uploaded page must not run here). */
const INLINE = /^(image\/(png|jpeg|gif|webp)|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+|application\/pdf)$/;

/** The bytes of a message's media in the simulator (either side), for the simulator page. */
export async function openSimulatorMedia(db: Db, storage: FileStorage, companyId: number, whatsappId: number, messageId: string) {
  await findSimulatorConnection(db, companyId, whatsappId);
  const row = await findSimulatorMessage(db, companyId, whatsappId, messageId);
  const path = typeof row?.content.path === "string" ? row.content.path : undefined;
  const stream = path ? storage.open(path) : null;
  if (!row || !stream) throw new AppError("ERR_NOT_FOUND", 404);
  const declared = String(row.content.mimetype ?? "").split(";")[0]!.trim().toLowerCase();
  const inline = INLINE.test(declared);
  const fileName = String(row.content.fileName ?? "file").replace(/[^A-Za-z0-9._-]/g, "_");
  return {
    stream,
    contentType: inline ? declared : "application/octet-stream",
    disposition: `${inline ? "inline" : "attachment"}; filename="${fileName}"`,
  };
}
