import type { MessageView, TicketView } from "@atendo/shared";

export function makeTicket(overrides: Partial<TicketView> = {}): TicketView {
  const id = overrides.id ?? 1;
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
    status: "pending",
    userId: null,
    user: null,
    queueId: 1,
    queue: { id: 1, name: "Vendas", color: "#1976d2" },
    whatsappId: 1,
    whatsapp: { id: 1, name: "Loja" },
    contactId: 100 + id,
    contact: { id: 100 + id, name: `Cliente ${id}`, number: "5511987654321", profilePicUrl: null, isGroup: false, email: "" },
    lastMessage: "Olá",
    lastMessageAt: new Date().toISOString(),
    unreadMessages: 0,
    isGroup: false,
    chatbot: false,
    tags: [],
    useIntegration: false,
    integrationId: null,
    promptId: null,
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    closedAt: null,
    rating: null,
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<MessageView> = {}): MessageView {
  return {
    id: 1,
    ticketId: 1,
    body: "Oi",
    fromMe: false,
    read: false,
    ack: 0,
    sendStatus: "received",
    sendError: null,
    mediaType: "chat",
    mediaUrl: null,
    mediaName: null,
    mimetype: null,
    mediaStatus: "none",
    data: {},
    quotedMsg: null,
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    automatic: false,
    contact: null,
    user: null,
    queueId: 1,
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}
