import { eq } from "drizzle-orm";
import { whatsappAuthKeys, simulatorContacts, whatsapps } from "../db/schema.js";
import type { Tx } from "../db/client.js";
import { SIMULATOR_CREDS, simulatorConnectionNumber } from "../whatsapp/simulator/simulator-store.js";

export const DEMO_CONNECTION_NAME = "WhatsApp Demo";

export const DEMO_CUSTOMERS = [
  { name: "Carla Cliente", number: "5511987654321" },
  { name: "Diego Souza", number: "5521998765432" },
  { name: "Elaine Costa", number: "5531991234567" },
] as const;

/**
 * The demo company's default connection: a simulator connection whose QR counts as already scanned (its login row
 * exists), so the first start's session sweep brings it up CONNECTED without anyone scanning; plus a few customers.
 */
export async function seedDemoConnection(tx: Tx, companyId: number): Promise<void> {
  const [connection] = await tx
    .insert(whatsapps)
    .values({ companyId, name: DEMO_CONNECTION_NAME, provider: "simulator", isDefault: true, status: "OPENING" })
    .returning({ id: whatsapps.id });
  const whatsappId = connection!.id;
  await tx.update(whatsapps).set({ number: simulatorConnectionNumber(whatsappId) }).where(eq(whatsapps.id, whatsappId));
  await tx.insert(whatsappAuthKeys).values({ whatsappId, ...SIMULATOR_CREDS, value: JSON.stringify({ scannedAt: new Date().toISOString() }) });
  await tx.insert(simulatorContacts).values(DEMO_CUSTOMERS.map((c) => ({ companyId, whatsappId, ...c })));
}
