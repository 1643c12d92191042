import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { QuickMessageView, TicketView } from "@atendo/shared";
import { api } from "../auth/api.js";
import { useAuth } from "../auth/auth-context.js";
import { quickMessageKeys } from "../quick-messages/api.js";
import { applyTicketUpdate } from "../tickets/ticket-cache.js";

/** What the composer sends: text, or files (the text is the first file's caption), maybe quoting a message. */
export interface OutgoingMessage {
  ticketId: number;
  body: string;
  quotedMsgId?: number | null;
  files?: File[];
  /** A browser voice recording: the server makes it a voice note. */
  voice?: boolean;
  /** Upload progress, 0–100 (multipart only). */
  onProgress?: (percent: number) => void;
}

/**
 * POST /messages/{ticketId}: JSON for text, multipart (`medias`, `body`, `quotedMsg`, `voice`) with files. The
 * message arrives in the conversation through the socket (appMessage create), so nothing is added here.
 */
export function useSendMessage() {
  return useMutation({
    mutationFn: async ({ ticketId, body, quotedMsgId, files, voice, onProgress }: OutgoingMessage) => {
      if (!files?.length) {
        return (await api.post<{ ids: number[] }>(`/messages/${ticketId}`, { body, ...(quotedMsgId ? { quotedMsg: { id: quotedMsgId } } : {}) })).data;
      }
      const form = new FormData();
      form.append("body", body);
      if (quotedMsgId) form.append("quotedMsg", String(quotedMsgId));
      if (voice) form.append("voice", "true");
      for (const file of files) form.append("medias", file, file.name);
      return (
        await api.post<{ ids: number[] }>(`/messages/${ticketId}`, form, {
          onUploadProgress: (event) => {
            if (onProgress && event.total) onProgress(Math.round((event.loaded * 100) / event.total));
          },
        })
      ).data;
    },
  });
}

export type AgentPresence = "composing" | "recording" | "paused";

/** POST /messages/{ticketId}/presence: best effort, a failure is not worth a toast. */
export function sendAgentPresence(ticketId: number, presence: AgentPresence): void {
  api.post(`/messages/${ticketId}/presence`, { presence }).catch(() => undefined);
}

/** POST /tags/sync: the ticket's tags become exactly these; the answer (the ticket) updates lists and header. */
export function useSyncTicketTags() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async ({ ticketId, tagIds }: { ticketId: number; tagIds: number[] }) =>
      (await api.post<TicketView>("/tags/sync", { ticketId, tags: tagIds.map((id) => ({ id })) })).data,
    onSuccess: (ticket) => {
      if (user) applyTicketUpdate(queryClient, ticket, user.id);
    },
  });
}

/** GET /quick-messages/list (the user's and the company's general ones), loaded when the first '/' is typed. */
export function useQuickAnswerSource(enabled: boolean) {
  return useQuery({
    queryKey: quickMessageKeys.list(""),
    queryFn: async () => (await api.get<QuickMessageView[]>("/quick-messages/list")).data,
    enabled,
  });
}

/** A quick answer's file, as a File the composer attaches (GET /quick-messages/{id}/media). */
export async function fetchQuickAnswerFile(id: number, name: string): Promise<File> {
  const response = await api.get<Blob>(`/quick-messages/${id}/media`, { responseType: "blob", headers: { Accept: "*/*" } });
  return new File([response.data], name, { type: response.data.type || "application/octet-stream" });
}
