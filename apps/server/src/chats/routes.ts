import { chatMessageSchema, chatReadSchema, chatSchema, idParamsSchema, pageQuerySchema } from "@atendo/shared";
import type { App } from "../http/types.js";
import { authOf } from "../http/authenticate.js";
import { listChats } from "./list-chats.js";
import { createChat } from "./create-chat.js";
import { updateChat } from "./update-chat.js";
import { deleteChat } from "./delete-chat.js";
import { listChatMessages } from "./list-chat-messages.js";
import { sendChatMessage } from "./send-chat-message.js";
import { markChatRead } from "./mark-chat-read.js";
import { createChatEmitter } from "./emit-chat-events.js";

/**
 * Internal chats (administration sections 2 to 7). Every route needs the plan flag useInternalChat
 * (`internal-chat:use`); a chat is visible only to its members (others get 404), edited and deleted only by its owner.
 */
export async function chatsRoutes(app: App): Promise<void> {
  const permission = "internal-chat:use" as const;
  const params = { id: { resource: "chats" as const } };
  const { db, realtime } = app.deps;
  const emitter = (companyId: number) => createChatEmitter(realtime, companyId);

  // Also answers /chats/ (trailing slashes are ignored).
  app.get("/chats", { schema: { querystring: pageQuerySchema }, config: { permission } }, async (request) => {
    const auth = authOf(request);
    return listChats(db, auth.companyId, auth.userId, request.query);
  });

  app.post(
    "/chats",
    { schema: { body: chatSchema }, config: { permission, example: { body: { title: "Walk chat", users: [1] } } } },
    async (request, reply) => {
      const auth = authOf(request);
      const chat = await createChat(db, auth, request.body);
      emitter(auth.companyId).saved("create", chat);
      return reply.status(201).send(chat);
    },
  );

  app.put(
    "/chats/:id",
    { schema: { params: idParamsSchema, body: chatSchema }, config: { permission, params, example: { body: { title: "Walk chat", users: [1] } } } },
    async (request) => {
      const auth = authOf(request);
      const { chat, removedUserIds } = await updateChat(db, auth, request.params.id, request.body);
      const emit = emitter(auth.companyId);
      emit.saved("update", chat);
      emit.deleted(chat.id, removedUserIds);
      return chat;
    },
  );

  app.delete("/chats/:id", { schema: { params: idParamsSchema }, config: { permission, params } }, async (request, reply) => {
    const auth = authOf(request);
    const members = await deleteChat(db, auth, request.params.id);
    emitter(auth.companyId).deleted(request.params.id, members);
    return reply.status(204).send();
  });

  app.get(
    "/chats/:id/messages",
    { schema: { params: idParamsSchema, querystring: pageQuerySchema }, config: { permission, params } },
    async (request) => {
      const auth = authOf(request);
      return listChatMessages(db, auth.companyId, auth.userId, request.params.id, request.query.pageNumber);
    },
  );

  app.post(
    "/chats/:id/messages",
    { schema: { params: idParamsSchema, body: chatMessageSchema }, config: { permission, params, example: { body: { message: "Olá" } } } },
    async (request, reply) => {
      const auth = authOf(request);
      const { chat, newMessage } = await sendChatMessage(db, auth, request.params.id, request.body.message);
      emitter(auth.companyId).newMessage(chat, newMessage);
      return reply.status(201).send(newMessage);
    },
  );

  app.post(
    "/chats/:id/read",
    { schema: { params: idParamsSchema, body: chatReadSchema }, config: { permission, params, example: { body: {} } } },
    async (request) => {
      const auth = authOf(request);
      const chat = await markChatRead(db, auth, request.params.id);
      emitter(auth.companyId).read(chat);
      return chat;
    },
  );
}
