import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { whatsapps } from "../../db/schema.js";
import { inCompany } from "../../db/tenant.js";
import { AppError } from "../../errors.js";
import type { FileStorage } from "../../storage/file-storage.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { SimulatorAction } from "./simulator-session.js";

/** What the simulator API (the customers' side) needs; `simulate` reaches the session wherever it runs. */
export interface SimulatorDeps {
  db: Db;
  storage: FileStorage;
  realtime: Pick<Realtime, "toRooms">;
  simulate(whatsappId: number, action: SimulatorAction): Promise<unknown>;
}

/** A simulator connection of the company; any other id (another company's, a Baileys connection) is not found. */
export async function findSimulatorConnection(db: DbOrTx, companyId: number, whatsappId: number) {
  const [row] = await db
    .select({ id: whatsapps.id, companyId: whatsapps.companyId, status: whatsapps.status, qrcode: whatsapps.qrcode, pairingCode: whatsapps.pairingCode })
    .from(whatsapps)
    .where(inCompany(whatsapps, companyId, eq(whatsapps.id, whatsappId), eq(whatsapps.provider, "simulator")));
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND", 404);
  return row;
}
