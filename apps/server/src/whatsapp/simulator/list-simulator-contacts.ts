import { asc, eq } from "drizzle-orm";
import type { SimulatorContactView } from "@atendo/shared";
import type { Db } from "../../db/client.js";
import { simulatorContacts } from "../../db/schema.js";
import { inCompany } from "../../db/tenant.js";
import { findSimulatorConnection } from "./find-simulator-connection.js";
import { presentSimulatorContact } from "./simulator-store.js";

/** The virtual customers and groups of a simulator connection: customers first, then groups, by name. */
export async function listSimulatorContacts(db: Db, companyId: number, whatsappId: number): Promise<SimulatorContactView[]> {
  await findSimulatorConnection(db, companyId, whatsappId);
  const rows = await db
    .select()
    .from(simulatorContacts)
    .where(inCompany(simulatorContacts, companyId, eq(simulatorContacts.whatsappId, whatsappId)))
    .orderBy(asc(simulatorContacts.isGroup), asc(simulatorContacts.name), asc(simulatorContacts.id));
  return rows.map(presentSimulatorContact);
}
