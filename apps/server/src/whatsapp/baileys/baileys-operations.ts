import { downloadMediaMessage, type AnyMessageContent, type WAMessage, type WAMessageKey } from "baileys";
import { ProviderError, type ChatRef, type WhatsAppSession } from "../provider.js";
import type { BaileysSocket, ILogger } from "./baileys-socket.js";
import { mediaFromRef } from "./map-content.js";
import { ackOfStatus, contactIdentity } from "./map-events.js";
import { toProviderError } from "./map-error.js";
import { identityOf, jidOfChat, jidOfPerson, participantOf } from "./map-jid.js";
import { timestampOf } from "./map-message.js";
import { toBaileysContent } from "./map-outgoing.js";
import type { GroupMetadataCache } from "./group-metadata-cache.js";
import type { RecentMessages } from "./recent-messages.js";
import type { SentMessageStore } from "./sent-message-store.js";

export type DownloadMedia = typeof downloadMediaMessage;

export interface LiveSocket {
  /** The connected socket, or ERR_WAPP_NOT_INITIALIZED (retryable) while there is none. */
  socket(): BaileysSocket;
  /** The socket if one exists, connected or not (media re-upload requests). */
  currentSocket(): BaileysSocket | undefined;
  recent: RecentMessages;
  sent: SentMessageStore;
  groups: GroupMetadataCache;
  logger: ILogger;
  download: DownloadMedia;
}

type Operations = Pick<
  WhatsAppSession,
  "send" | "react" | "edit" | "delete" | "markRead" | "sendPresence" | "checkNumber" | "groupInfo" | "downloadMedia"
>;

/** The WhatsAppSession operations over a Baileys socket; every failure leaves as a ProviderError. */
export function createOperations(live: LiveSocket): Operations {
  /** Sends and keeps the payload, so the recipient's retry requests can be answered later (getMessage). */
  async function relay(jid: string, content: AnyMessageContent, quoted?: WAMessage, messageId?: string): Promise<WAMessage> {
    const sock = live.socket();
    const sent = await sock.sendMessage(jid, content, { ...(quoted ? { quoted } : {}), ...(messageId ? { messageId } : {}) });
    if (!sent?.key.id) throw new ProviderError("ERR_SENDING_WAPP_MSG", "WhatsApp did not accept the message", true);
    live.recent.remember(sent);
    if (sent.message) {
      // Sent already: losing the retry copy is a degraded retry, not a failed send.
      await live.sent.save(sent.key.id, sent.message).catch((err: unknown) => live.logger.warn({ err, messageId: sent.key.id }, "could not keep sent message"));
    }
    return sent;
  }

  /** The key of an earlier message: as seen (groups need its participant), else built from the chat. */
  function keyOf(chat: ChatRef, messageId: string, fromMe: boolean): WAMessageKey {
    const seen = live.recent.get(messageId)?.key;
    if (seen) return { remoteJid: seen.remoteJid, id: messageId, fromMe: !!seen.fromMe, ...(seen.participant ? { participant: seen.participant } : {}) };
    return { remoteJid: jidOfChat(chat), id: messageId, fromMe };
  }

  /** What Baileys needs to quote: the message as seen, or ours from the sent store, or a bare reference. */
  async function quotedOf(chat: ChatRef, messageId: string): Promise<WAMessage> {
    const seen = live.recent.get(messageId);
    if (seen) return seen;
    const ours = await live.sent.get(messageId).catch(() => undefined);
    if (ours) return { key: { remoteJid: jidOfChat(chat), id: messageId, fromMe: true }, message: ours };
    // WhatsApp clients find the quoted message by its id; the empty text only fills the required content.
    return { key: { remoteJid: jidOfChat(chat), id: messageId, fromMe: false }, message: { conversation: "" } };
  }

  const jidOf = (chat: ChatRef) => {
    try {
      return jidOfChat(chat);
    } catch (err) {
      throw new ProviderError("ERR_WAPP_INVALID_CONTACT", err instanceof Error ? err.message : String(err));
    }
  };

  return {
    async send(chat, content, opts = {}) {
      try {
        const jid = jidOf(chat);
        const quoted = opts.quotedId ? await quotedOf(chat, opts.quotedId) : undefined;
        const sent = await relay(jid, toBaileysContent(content, { forwarded: opts.forwarded }), quoted, opts.messageId);
        return { messageId: sent.key.id!, ack: ackOfStatus(sent.status)?.ack ?? 1, timestamp: timestampOf(sent) };
      } catch (err) {
        throw toProviderError(err, "ERR_SENDING_WAPP_MSG");
      }
    },

    async react(chat, messageId, emoji, fromMe) {
      try {
        await relay(jidOf(chat), { react: { text: emoji, key: keyOf(chat, messageId, fromMe) } });
      } catch (err) {
        throw toProviderError(err, "ERR_SENDING_WAPP_MSG");
      }
    },

    async edit(chat, messageId, body) {
      try {
        await relay(jidOf(chat), { text: body, edit: keyOf(chat, messageId, true) });
      } catch (err) {
        throw toProviderError(err, "ERR_SENDING_WAPP_MSG");
      }
    },

    async delete(chat, messageId, fromMe) {
      // For everyone: only our own messages, or anyone's in a group where we are admin (WhatsApp checks that).
      if (!fromMe && chat.kind === "user") throw new ProviderError("ERR_DELETE_WAPP_MSG", "only own messages can be deleted in a private chat");
      try {
        await relay(jidOf(chat), { delete: keyOf(chat, messageId, fromMe) });
      } catch (err) {
        throw toProviderError(err, "ERR_DELETE_WAPP_MSG");
      }
    },

    async markRead(chat, messageIds) {
      if (messageIds.length === 0) return;
      try {
        await live.socket().readMessages(messageIds.map((id) => keyOf(chat, id, false)));
      } catch (err) {
        throw toProviderError(err, "ERR_SENDING_WAPP_MSG");
      }
    },

    async sendPresence(chat, presence) {
      try {
        await live.socket().sendPresenceUpdate(presence, jidOf(chat));
      } catch (err) {
        throw toProviderError(err, "ERR_SENDING_WAPP_MSG");
      }
    },

    async checkNumber(number) {
      let jid: string;
      try {
        jid = jidOfPerson({ number });
      } catch (err) {
        throw new ProviderError("ERR_WAPP_INVALID_CONTACT", err instanceof Error ? err.message : String(err));
      }
      try {
        const sock = live.socket();
        const [found] = (await sock.onWhatsApp(jid)) ?? [];
        if (!found?.exists) return { exists: false };
        // WhatsApp answers with the number as registered (e.g. a Brazilian mobile without its ninth digit).
        const registered = identityOf(found.jid).number ?? number;
        const lid = await sock.signalRepository.lidMapping.getLIDForPN(found.jid).catch(() => null);
        const lidUser = identityOf(lid).lid;
        return { exists: true, number: registered, ...(lidUser ? { lid: lidUser } : {}) };
      } catch (err) {
        throw toProviderError(err, "ERR_WAPP_CHECK_CONTACT");
      }
    },

    async groupInfo(groupId) {
      try {
        const meta = await live.socket().groupMetadata(jidOf({ kind: "group", id: groupId }));
        live.groups.set(meta);
        const participants = meta.participants.map((p) => participantOf(contactIdentity(p)));
        return { id: groupId, subject: meta.subject ?? "", participants };
      } catch (err) {
        throw toProviderError(err, "ERR_FETCH_WAPP_MSG");
      }
    },

    async downloadMedia(media) {
      const message = mediaFromRef(media);
      if (!message) throw new ProviderError("ERR_WAPP_DOWNLOAD_MEDIA", "not a Baileys media reference");
      try {
        return await live.download(
          message,
          "buffer",
          {},
          {
            logger: live.logger,
            // An expired media URL is renewed by asking the phone to upload again, which needs a connection.
            reuploadRequest: (m) => {
              const sock = live.currentSocket();
              if (!sock) throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", "not connected", true);
              return sock.updateMediaMessage(m);
            },
          },
        );
      } catch (err) {
        throw toProviderError(err, "ERR_WAPP_DOWNLOAD_MEDIA");
      }
    },
  };
}
