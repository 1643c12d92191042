import { z } from "zod";
import {
  simulatorActionSchema,
  simulatorChatSchema,
  simulatorContactCreateSchema,
  simulatorDropSchema,
  simulatorMediaFieldsSchema,
  simulatorPlaySchema,
  simulatorReadSchema,
  simulatorScanSchema,
  idSchema,
} from "@atendo/shared";
import type { App } from "../../http/types.js";
import { authOf } from "../../http/authenticate.js";
import { noBodyAsEmpty } from "../../http/empty-body.js";
import { AppError } from "../../errors.js";
import { readUpload } from "../../storage/read-upload.js";
import { findSimulatorConnection, type SimulatorDeps } from "./find-simulator-connection.js";
import { listSimulatorContacts } from "./list-simulator-contacts.js";
import { createSimulatorContact } from "./create-simulator-contact.js";
import { sendCustomerMessage, type CustomerMedia } from "./send-customer-message.js";
import { listSimulatorMessages } from "./list-simulator-messages.js";
import { playSimulatorAudio, readSimulatorChat } from "./read-simulator-chat.js";
import { scanSimulatorQr } from "./scan-simulator-qr.js";
import { dropSimulatorConnection } from "./drop-simulator-connection.js";
import { openSimulatorMedia } from "./open-simulator-media.js";
import { parseBody } from "../../http/parse-body.js";
import { sendStoredMedia } from "../../http/send-stored-media.js";

const connectionParams = z.object({ whatsappId: idSchema }).strict();
const chatParams = z.object({ whatsappId: idSchema, number: simulatorChatSchema }).strict();
const mediaParams = z.object({ whatsappId: idSchema, messageId: z.string().min(1).max(128) }).strict();

/** What an uploaded file is on WhatsApp: by the `type` field, else by its MIME type. */
function mediaTypeOf(mimetype: string, declared?: CustomerMedia["mediaType"]): CustomerMedia["mediaType"] {
  if (declared) return declared;
  const kind = mimetype.split("/")[0];
  return kind === "image" || kind === "audio" || kind === "video" ? kind : "document";
}

/**
 * The simulator API (docs/ARCHITECTURE.md, "Simulator API"): admins act as a simulator connection's customers.
 * Refused with 403 ERR_SIMULATOR_DISABLED when SIMULATOR_ENABLED is false.
 */
export async function simulatorRoutes(app: App): Promise<void> {
  const params = { whatsappId: { resource: "whatsapps" as const } };
  const chat = { ...params, number: { value: "5511987650001" } };
  const permission = "simulator:use" as const;
  const deps = (): SimulatorDeps => ({
    ...app.deps,
    simulate: (whatsappId, action) => app.deps.sessions.extension(whatsappId, "simulate", [action]),
  });

  app.addHook("preHandler", async (request) => {
    if (request.routeOptions.url?.startsWith("/simulator/") && !app.deps.config.simulatorEnabled) throw new AppError("ERR_SIMULATOR_DISABLED", 403);
  });

  app.get("/simulator/:whatsappId/contacts", { schema: { params: connectionParams }, config: { permission, params } }, async (request) =>
    listSimulatorContacts(app.deps.db, authOf(request).companyId, request.params.whatsappId),
  );

  app.post(
    "/simulator/:whatsappId/contacts",
    {
      schema: { params: connectionParams, body: simulatorContactCreateSchema },
      config: { permission, params, example: { body: { name: "Walk Customer", number: "5511987650009" } } },
    },
    async (request, reply) => {
      const contact = await createSimulatorContact(deps(), authOf(request).companyId, request.params.whatsappId, request.body);
      return reply.status(201).send(contact);
    },
  );

  app.get("/simulator/:whatsappId/chats/:number/messages", { schema: { params: chatParams }, config: { permission, params: chat } }, async (request) =>
    listSimulatorMessages(app.deps.db, authOf(request).companyId, request.params.whatsappId, request.params.number),
  );

  // JSON for text, location, contact card, reaction, presence, edit, revoke; multipart (field `file`) for media.
  app.post(
    "/simulator/:whatsappId/chats/:number/messages",
    { schema: { params: chatParams }, config: { permission, params: chat, multipart: true } },
    async (request, reply) => {
      const { companyId } = authOf(request);
      const { whatsappId, number } = request.params;
      // Another company's id answers 404 before anything is read.
      await findSimulatorConnection(app.deps.db, companyId, whatsappId);
      let message;
      let created = true;
      if (request.isMultipart()) {
        const upload = await readUpload(request);
        const fields = parseBody(simulatorMediaFieldsSchema, upload.fields);
        message = await sendCustomerMessage(deps(), companyId, whatsappId, number, {
          type: "media",
          mediaType: mediaTypeOf(upload.mimetype, fields.type),
          fileName: upload.fileName,
          mimetype: upload.mimetype,
          data: upload.data,
          caption: fields.caption,
          voice: fields.voice === "true",
          author: fields.author,
        });
      } else {
        const input = parseBody(simulatorActionSchema, request.body);
        created = ["text", "location", "contact"].includes(input.type);
        message = await sendCustomerMessage(deps(), companyId, whatsappId, number, input);
      }
      if (!message) return reply.status(204).send();
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.post(
    "/simulator/:whatsappId/chats/:number/read",
    { schema: { params: chatParams, body: simulatorReadSchema }, config: { permission, params: chat, example: { body: {} } }, preValidation: noBodyAsEmpty },
    async (request, reply) => {
      await readSimulatorChat(deps(), authOf(request).companyId, request.params.whatsappId, request.params.number, request.body?.author);
      return reply.status(204).send();
    },
  );

  app.post(
    "/simulator/:whatsappId/chats/:number/play",
    { schema: { params: chatParams, body: simulatorPlaySchema }, config: { permission, params: chat, example: { body: { messageId: "3EB0WALK" } } } },
    async (request, reply) => {
      await playSimulatorAudio(deps(), authOf(request).companyId, request.params.whatsappId, request.params.number, request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    "/simulator/:whatsappId/scan",
    { schema: { params: connectionParams, body: simulatorScanSchema }, config: { permission, params, example: { body: { qrcode: "walk-token" } } } },
    async (request, reply) => {
      await scanSimulatorQr(deps(), authOf(request).companyId, request.params.whatsappId, request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    "/simulator/:whatsappId/drop",
    { schema: { params: connectionParams, body: simulatorDropSchema }, config: { permission, params, example: { body: { status: "TIMEOUT" } } } },
    async (request, reply) => {
      await dropSimulatorConnection(deps(), authOf(request).companyId, request.params.whatsappId, request.body.status);
      return reply.status(204).send();
    },
  );

  app.get(
    "/simulator/:whatsappId/media/:messageId",
    { schema: { params: mediaParams }, config: { permission, params: { ...params, messageId: { value: "3EB0WALK" } } } },
    async (request, reply) => {
      const media = await openSimulatorMedia(app.deps.db, app.deps.storage, authOf(request).companyId, request.params.whatsappId, request.params.messageId);
      return sendStoredMedia(reply, media);
    },
  );
}
