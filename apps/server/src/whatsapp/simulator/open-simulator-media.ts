import { AppError } from "../../errors.js";
import type { Db } from "../../db/client.js";
import type { FileStorage } from "../../storage/file-storage.js";
import { findSimulatorConnection } from "./find-simulator-connection.js";
import { findSimulatorMessage } from "./simulator-store.js";
import { mediaDisposition } from "../../storage/media-disposition.js";

/** The bytes of a message's media in the simulator (either side), for the simulator page. */
export async function openSimulatorMedia(db: Db, storage: FileStorage, companyId: number, whatsappId: number, messageId: string) {
  await findSimulatorConnection(db, companyId, whatsappId);
  const row = await findSimulatorMessage(db, companyId, whatsappId, messageId);
  const path = typeof row?.content.path === "string" ? row.content.path : undefined;
  const stream = path ? await storage.open(path) : null;
  if (!row || !stream) throw new AppError("ERR_NOT_FOUND", 404);
  return { stream, ...mediaDisposition(row.content.mimetype as string | undefined, row.content.fileName as string | undefined) };
}
