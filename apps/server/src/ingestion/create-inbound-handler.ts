import type { AppDeps } from "../app.js";
import type { InboundEventHandler } from "../whatsapp/sessions/session-manager.js";

/** Every provider event but connection status: messages, acks, edits, reactions, presence, contacts, groups. */
export function createInboundHandler(deps: AppDeps): InboundEventHandler {
  return async (connection, event) => {
    deps.sessions; // placeholder until ingestion lands
    void connection;
    void event;
  };
}
