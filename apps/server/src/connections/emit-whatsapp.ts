import { companyEvent, type WhatsAppEventPayload, type WhatsAppSessionEventPayload } from "@atendo/shared";
import type { Db } from "../db/client.js";
import type { Realtime } from "../realtime/realtime.js";
import { AppError } from "../errors.js";
import { loadWhatsappView } from "./get-whatsapp.js";

type Emitter = Pick<Realtime, "toCompany">;

/**
 * After a connection changed: company-{id}-whatsapp {action:"update"} and, for session changes (status, QR, pairing
 * code, number), company-{id}-whatsappSession first. Payloads go to everyone in the company: never the token.
 */
export async function emitWhatsappUpdate(deps: { db: Db; realtime: Emitter }, companyId: number, whatsappId: number, opts: { session?: boolean } = {}): Promise<void> {
  let whatsapp;
  try {
    whatsapp = await loadWhatsappView(deps.db, companyId, whatsappId, { withToken: false });
  } catch (err) {
    // Deleted meanwhile: its delete event says so.
    if (err instanceof AppError && err.code === "ERR_NO_WAPP_FOUND") return;
    throw err;
  }
  if (opts.session) {
    deps.realtime.toCompany(companyId, companyEvent.whatsappSession(companyId), { action: "update", session: whatsapp } satisfies WhatsAppSessionEventPayload);
  }
  deps.realtime.toCompany(companyId, companyEvent.whatsapp(companyId), { action: "update", whatsapp } satisfies WhatsAppEventPayload);
}

export function emitWhatsappDeleted(realtime: Emitter, companyId: number, whatsappId: number): void {
  realtime.toCompany(companyId, companyEvent.whatsapp(companyId), { action: "delete", whatsappId } satisfies WhatsAppEventPayload);
}
