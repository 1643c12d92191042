import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SendTemplateInput, WhatsAppTemplateView } from "@atendo/shared";
import { api } from "../auth/api.js";

export const cloudTemplateKeys = { list: (whatsappId: number) => ["cloud-templates", whatsappId] as const };

/** GET /whatsapp/{id}/templates: a Cloud API connection's approved templates (the server caches Meta's list). */
export function useCloudTemplates(whatsappId: number | null, enabled = true) {
  return useQuery({
    queryKey: cloudTemplateKeys.list(whatsappId ?? 0),
    queryFn: async () => (await api.get<WhatsAppTemplateView[]>(`/whatsapp/${whatsappId}/templates`)).data,
    enabled: enabled && whatsappId !== null,
    staleTime: 60_000,
  });
}

/** GET /whatsapp/{id}/templates?refresh=true: asks Meta again (the connection card's button). */
export function useRefreshCloudTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (whatsappId: number) => (await api.get<WhatsAppTemplateView[]>(`/whatsapp/${whatsappId}/templates`, { params: { refresh: true } })).data,
    onSuccess: (templates, whatsappId) => queryClient.setQueryData(cloudTemplateKeys.list(whatsappId), templates),
  });
}

/** POST /messages/{ticketId} with a template: the server renders its text; the message arrives through the socket. */
export function useSendTemplate() {
  return useMutation({
    mutationFn: async ({ ticketId, template }: { ticketId: number; template: SendTemplateInput }) =>
      (await api.post<{ ids: number[] }>(`/messages/${ticketId}`, { template })).data,
  });
}

/** The template's body with {{n}} filled as typed so far (the preview; the server renders what is sent). */
export function templatePreview(template: WhatsAppTemplateView, values: string[]): string {
  const body = template.components.find((c) => c.type === "BODY")?.text ?? "";
  return body.replace(/\{\{(\d+)\}\}/g, (placeholder, n: string) => values[Number(n) - 1] || placeholder);
}
