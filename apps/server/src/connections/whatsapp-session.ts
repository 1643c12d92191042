import type { WhatsAppSessionStartInput, WhatsAppView } from "@atendo/shared";
import { validationError } from "../errors.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { assertProviderAllowed, type ConnectionDeps } from "./connection-rules.js";
import { findWhatsapp, loadWhatsappView, seesToken } from "./get-whatsapp.js";
import { PROVIDER_CAPABILITIES } from "./present-whatsapp.js";

/** POST /whatsappsession/{id}: start or retry; with pairingNumber, a pairing code instead of a QR (status PAIRING). */
export async function startWhatsappSession(deps: ConnectionDeps, auth: AuthContext, whatsappId: number, input: WhatsAppSessionStartInput): Promise<WhatsAppView> {
  const row = await findWhatsapp(deps.db, auth.companyId, whatsappId);
  assertProviderAllowed(deps.config, row.provider);
  if (input?.pairingNumber && !PROVIDER_CAPABILITIES[row.provider].pairingCode) {
    throw validationError([{ path: "body.pairingNumber", message: "validation.invalid" }]);
  }
  await deps.sessions.startSession(whatsappId, { pairingNumber: input?.pairingNumber });
  return loadWhatsappView(deps.db, auth.companyId, whatsappId, { withToken: seesToken(auth) });
}

/** PUT /whatsappsession/{id}: forget the login and start again, for a new QR. */
export async function renewWhatsappQr(deps: ConnectionDeps, auth: AuthContext, whatsappId: number): Promise<WhatsAppView> {
  const row = await findWhatsapp(deps.db, auth.companyId, whatsappId);
  assertProviderAllowed(deps.config, row.provider);
  await deps.sessions.renewQr(whatsappId);
  return loadWhatsappView(deps.db, auth.companyId, whatsappId, { withToken: seesToken(auth) });
}

/** DELETE /whatsappsession/{id}: log out and forget the login; DISCONNECTED until someone starts it again. */
export async function disconnectWhatsappSession(deps: ConnectionDeps, auth: AuthContext, whatsappId: number): Promise<WhatsAppView> {
  await findWhatsapp(deps.db, auth.companyId, whatsappId);
  await deps.sessions.disconnect(whatsappId);
  return loadWhatsappView(deps.db, auth.companyId, whatsappId, { withToken: seesToken(auth) });
}
