import type { ProviderCapabilities, WhatsAppSession } from "../provider.js";

/**
 * A session whose implementation is loaded on first use. The Baileys provider's modules (the WhatsApp protocol,
 * protobufs, crypto: tens of megabytes) are then imported only when a "beta" connection starts, not by every process
 * at start. A failed load is tried again by the next call.
 */
export function lazySession(capabilities: ProviderCapabilities, load: () => Promise<WhatsAppSession>): WhatsAppSession {
  let loading: Promise<WhatsAppSession> | undefined;
  const session = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
  return {
    capabilities,
    start: async () => (await session()).start(),
    // Never started: nothing to stop, nothing to load.
    stop: async () => (loading ? (await session()).stop() : undefined),
    logout: async () => (await session()).logout(),
    requestPairingCode: async (phoneNumber) => (await session()).requestPairingCode(phoneNumber),
    send: async (chat, content, opts) => (await session()).send(chat, content, opts),
    react: async (chat, messageId, emoji, fromMe) => (await session()).react(chat, messageId, emoji, fromMe),
    edit: async (chat, messageId, body) => (await session()).edit(chat, messageId, body),
    delete: async (chat, messageId, fromMe) => (await session()).delete(chat, messageId, fromMe),
    markRead: async (chat, messageIds) => (await session()).markRead(chat, messageIds),
    sendPresence: async (chat, presence) => (await session()).sendPresence(chat, presence),
    checkNumber: async (number) => (await session()).checkNumber(number),
    groupInfo: async (groupId) => (await session()).groupInfo(groupId),
    listContacts: async () => (await session()).listContacts(),
    downloadMedia: async (media) => (await session()).downloadMedia(media),
  };
}
