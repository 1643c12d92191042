/** Socket.IO event names (core-service section 7, administration section 7). */

export const companyEvent = {
  whatsapp: (companyId: number) => `company-${companyId}-whatsapp`,
  whatsappSession: (companyId: number) => `company-${companyId}-whatsappSession`,
  user: (companyId: number) => `company-${companyId}-user`,
  chat: (companyId: number) => `company-${companyId}-chat`,
  appMessage: (companyId: number) => `company-${companyId}-appMessage`,
  ticket: (companyId: number) => `company-${companyId}-ticket`,
  contact: (companyId: number) => `company-${companyId}-contact`,
  presence: (companyId: number) => `company-${companyId}-presence`,
  auth: (companyId: number) => `company-${companyId}-auth`,
  payment: (companyId: number) => `company-${companyId}-payment`,
  settings: (companyId: number) => `company-${companyId}-settings`,
  queue: (companyId: number) => `company-${companyId}-queue`,
  tag: (companyId: number) => `company-${companyId}-tag`,
  quickMessage: (companyId: number) => `company-${companyId}-quickemessage`,
  contactImport: (companyId: number) => `company-${companyId}-contactImport`,
  /** File lists (administration section 7). */
  file: (companyId: number) => `company-${companyId}-file`,
  contactList: (companyId: number) => `company-${companyId}-ContactList`,
  contactListItem: (companyId: number) => `company-${companyId}-ContactListItem`,
  /** The simulator page (admins only): virtual customers' messages, acks, contacts. */
  simulator: (companyId: number) => `company-${companyId}-simulator`,
  /** Schedules (administration section 7, event `schedule`): create, update, delete. */
  schedule: (companyId: number) => `company-${companyId}-schedule`,
  /** Campaigns (administration section 7, event `campaign`): create, update (status, progress), delete. */
  campaign: (companyId: number) => `company-${companyId}-campaign`,
  prompt: (companyId: number) => `company-${companyId}-prompt`,
  queueIntegration: (companyId: number) => `company-${companyId}-queueIntegration`,
} as const;

export const ANNOUNCEMENT_EVENT = "company-announcement";

/** Events the client emits. */
export const CLIENT_EVENTS = {
  joinNotification: "joinNotification",
  joinTickets: "joinTickets",
  leaveTickets: "leaveTickets",
  joinChatBox: "joinChatBox",
  leaveChatBox: "leaveChatBox",
  userStatus: "userStatus",
  /** The simulator page (admins): its events (`company-{id}-simulator`) reach only the sockets that joined. */
  joinSimulator: "joinSimulator",
  leaveSimulator: "leaveSimulator",
} as const;

/**
 * `sessionExpired`: sent just before the server disconnects a socket whose access token expired or whose session
 * ended. `ready`: sent once a new connection's rooms are set up (clients join their own rooms after it).
 */
export const SERVER_EVENTS = {
  sessionExpired: "session-expired",
  ready: "ready",
} as const;

/** Payload of `company-{id}-auth` when the same user signs in again elsewhere. */
export interface AuthEventPayload {
  action: "second-login";
  user: { id: number };
  /** The new session; the client that owns it ignores the event. */
  sessionId: string;
}

/** Acknowledgement of the join events: ok, or the error code of the refusal. */
export type JoinAck = { ok: true } | { ok: false; error: string };
