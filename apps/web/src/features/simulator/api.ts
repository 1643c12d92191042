import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CLIENT_EVENTS, companyEvent } from "@atendo/shared";
import { api } from "../auth/api.js";
import { useAuth } from "../auth/auth-context.js";
import { useSocket, useSocketEvent } from "../realtime/socket-context.js";
import type {
  SimulatorContact,
  SimulatorContactInput,
  SimulatorEvent,
  SimulatorMediaSend,
  SimulatorMessage,
  SimulatorPresence,
  SimulatorSend,
} from "./types.js";

export const simulatorKeys = {
  all: ["simulator"] as const,
  contacts: (whatsappId: number) => [...simulatorKeys.all, whatsappId, "contacts"] as const,
  chats: (whatsappId: number) => [...simulatorKeys.all, whatsappId, "chats"] as const,
  messages: (whatsappId: number, number: string) => [...simulatorKeys.chats(whatsappId), number] as const,
};

const base = (whatsappId: number) => `/simulator/${whatsappId}`;
const chatPath = (whatsappId: number, number: string) => `${base(whatsappId)}/chats/${encodeURIComponent(number)}`;

export function useSimulatorContacts(whatsappId: number | null) {
  return useQuery({
    queryKey: simulatorKeys.contacts(whatsappId ?? 0),
    queryFn: async () => (await api.get<SimulatorContact[]>(`${base(whatsappId ?? 0)}/contacts`)).data,
    enabled: whatsappId !== null,
  });
}

export function useCreateSimulatorContact(whatsappId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SimulatorContactInput) =>
      (await api.post<SimulatorContact>(`${base(whatsappId)}/contacts`, input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simulatorKeys.contacts(whatsappId) }),
    meta: { silent: true },
  });
}

export function useSimulatorMessages(whatsappId: number | null, number: string | null) {
  return useQuery({
    queryKey: simulatorKeys.messages(whatsappId ?? 0, number ?? ""),
    queryFn: async () => (await api.get<SimulatorMessage[]>(`${chatPath(whatsappId ?? 0, number ?? "")}/messages`)).data,
    enabled: whatsappId !== null && number !== null,
    staleTime: 0,
  });
}

/** The multipart `type` of a file: image, audio and video by their MIME type, anything else a document. */
export function mediaTypeOf(file: File): "image" | "audio" | "video" | "document" {
  const kind = file.type.split("/")[0];
  return kind === "image" || kind === "audio" || kind === "video" ? kind : "document";
}

/** The customer sends something: JSON for text, location, contact card, reaction and presence; multipart for media. */
export function useSimulatorSend(whatsappId: number, number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: SimulatorSend | SimulatorMediaSend) => {
      const url = `${chatPath(whatsappId, number)}/messages`;
      if ("file" in payload) {
        const form = new FormData();
        form.append("file", payload.file);
        form.append("type", mediaTypeOf(payload.file));
        if (payload.caption) form.append("caption", payload.caption);
        if (payload.voice) form.append("voice", "true");
        if (payload.author) form.append("author", payload.author);
        return (await api.post<SimulatorMessage | undefined>(url, form)).data;
      }
      return (await api.post<SimulatorMessage | undefined>(url, payload)).data;
    },
    onSuccess: (_answer, payload) => {
      if ("type" in payload && payload.type === "presence") return;
      void queryClient.invalidateQueries({ queryKey: simulatorKeys.messages(whatsappId, number) });
    },
  });
}

/** The customer opens the chat: the agents' messages turn read. */
export function useSimulatorRead(whatsappId: number, number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.post(`${chatPath(whatsappId, number)}/read`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simulatorKeys.messages(whatsappId, number) }),
  });
}

/** Media of a simulator message: fetched with the bearer token, shown from an object URL. */
export function useMediaObjectUrl(mediaUrl: string | null): string | undefined {
  const blob = useQuery({
    queryKey: [...simulatorKeys.all, "media", mediaUrl],
    queryFn: async () => (await api.get<Blob>(mediaUrl ?? "", { responseType: "blob" })).data,
    enabled: Boolean(mediaUrl),
    staleTime: Infinity,
    meta: { silent: true },
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!(blob.data instanceof Blob)) return;
    const objectUrl = URL.createObjectURL(blob.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  return url;
}

/** The virtual phone reads the connection's pending QR code. */
export function useSimulatorScan() {
  return useMutation({
    mutationFn: async ({ whatsappId, qrcode }: { whatsappId: number; qrcode: string }) => {
      await api.post(`${base(whatsappId)}/scan`, { qrcode });
    },
    // The page toasts the failure (reading the current QR may fail too).
    meta: { silent: true },
  });
}

/** The network drops the connection on demand. */
export function useSimulatorDrop() {
  return useMutation({
    mutationFn: async ({ whatsappId, status }: { whatsappId: number; status: "TIMEOUT" | "DISCONNECTED" }) => {
      await api.post(`${base(whatsappId)}/drop`, { status });
    },
  });
}

/** What the agents' side is doing in a chat (typing, recording), as the simulated phone sees it. */
export interface AgentPresence {
  chat: string;
  presence: SimulatorPresence;
}

/**
 * Live simulator traffic of one connection: new and changed messages go into their chat, acks move forward, contacts
 * are read again; the agents' presence is handed to the page.
 */
export function useSimulatorRealtime(whatsappId: number | null, onPresence?: (presence: AgentPresence) => void): void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const socket = useSocket();
  // The server sends simulator traffic only to sockets that asked for it, again after each reconnect.
  useEffect(() => {
    if (!socket) return;
    const join = () => socket.emit(CLIENT_EVENTS.joinSimulator);
    if (socket.connected) join();
    socket.on("connect", join);
    return () => {
      socket.off("connect", join);
      socket.emit(CLIENT_EVENTS.leaveSimulator);
    };
  }, [socket]);
  useSocketEvent<SimulatorEvent>(user ? companyEvent.simulator(user.companyId) : null, (event) => {
    if (!event || whatsappId === null) return;
    switch (event.action) {
      case "message":
      case "update": {
        const message = event.message;
        if (!message || Number(message.whatsappId) !== whatsappId) return;
        const key = simulatorKeys.messages(whatsappId, message.chat);
        if (!queryClient.getQueryData(key)) {
          void queryClient.invalidateQueries({ queryKey: key });
          return;
        }
        queryClient.setQueryData<SimulatorMessage[]>(key, (old = []) =>
          old.some((m) => m.messageId === message.messageId)
            ? old.map((m) => (m.messageId === message.messageId ? { ...m, ...message } : m))
            : [...old, message],
        );
        return;
      }
      case "ack": {
        if (Number(event.whatsappId) !== whatsappId) return;
        queryClient.setQueryData<SimulatorMessage[]>(simulatorKeys.messages(whatsappId, event.chat), (old) =>
          // Acks only move forward.
          old?.map((m) => (m.messageId === event.messageId ? { ...m, ack: Math.max(m.ack, event.ack) } : m)),
        );
        return;
      }
      case "contact":
        if (event.contact && Number(event.contact.whatsappId) === whatsappId) {
          void queryClient.invalidateQueries({ queryKey: simulatorKeys.contacts(whatsappId) });
        }
        return;
      case "presence":
        if (Number(event.whatsappId) === whatsappId) onPresence?.({ chat: event.chat, presence: event.presence });
        return;
    }
  });
}
