import { agentPresenceSchema, OUTBOUND_MEDIA_MAX_FILES, sendMessageSchema, ticketIdParamsSchema, MESSAGE_BODY_MAX } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { validationError } from "../errors.js";
import { parseBody } from "../http/parse-body.js";
import { readUploads } from "../storage/read-upload.js";
import { sendTicketMessage } from "./send-ticket-message.js";
import { sendAgentPresence } from "./send-agent-presence.js";

/** POST /messages/{ticketId}: JSON (text, quoted message) or multipart (`medias`, `body`). Answers 201 with the ids. */
export async function sendMessageRoutes(app: App) {
  app.post(
    "/messages/:ticketId",
    {
      schema: { params: ticketIdParamsSchema },
      config: { params: { ticketId: { resource: "tickets" } }, example: { body: { body: "Olá!" } }, multipart: true },
    },
    async (request, reply) => {
      const auth = authOf(request);
      let input: Parameters<typeof sendTicketMessage>[4];
      if (request.isMultipart()) {
        const { files, fields } = await readUploads(request, "medias", OUTBOUND_MEDIA_MAX_FILES);
        const body = fields.body ?? "";
        if (body.length > MESSAGE_BODY_MAX) throw validationError([{ path: "body.body", message: "validation.tooLong" }]);
        const quoted = Number(fields.quotedMsg ?? "");
        input = { body, quotedMsgId: Number.isInteger(quoted) && quoted > 0 ? quoted : null, files, voice: fields.voice === "true" };
      } else {
        const parsed = parseBody(sendMessageSchema, request.body);
        input = { body: parsed.body ?? "", quotedMsgId: parsed.quotedMsg, ...(parsed.template ? { template: parsed.template } : {}) };
      }
      const ids = await sendTicketMessage(app.deps, request.log, auth, request.params.ticketId, input);
      return reply.status(201).send({ ids });
    },
  );

  app.post(
    "/messages/:ticketId/presence",
    {
      schema: { params: ticketIdParamsSchema, body: agentPresenceSchema },
      config: { params: { ticketId: { resource: "tickets" } }, example: { body: { presence: "composing" } } },
    },
    async (request) => sendAgentPresence(app.deps, authOf(request), request.params.ticketId, request.body.presence),
  );
}
