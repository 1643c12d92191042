import axios from "axios";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API_SEND_PATH, type ApiSendResult, type ApiTokenResult } from "@atendo/shared";
import { api, API_BASE_URL } from "../auth/api.js";
import { upsertConnection } from "../connections/api.js";

/** POST /whatsapp/{id}/api-token: a new token, answered once; the connection then says only hasToken. */
export function useRegenerateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (whatsappId: number) => (await api.post<ApiTokenResult>(`/whatsapp/${whatsappId}/api-token`)).data,
    onSuccess: (_answer, whatsappId) => upsertConnection(queryClient, { id: whatsappId, hasToken: true }),
  });
}

/** The external endpoint as another system calls it: the entered token, not the session (a plain client, no refresh). */
export const externalApi = axios.create({ baseURL: API_BASE_URL });
const authorization = (token: string) => ({ Authorization: `Bearer ${token.trim()}` });

export async function sendApiText(input: { token: string; number: string; body: string }): Promise<ApiSendResult> {
  return (await externalApi.post<ApiSendResult>(API_SEND_PATH, { number: input.number.trim(), body: input.body }, { headers: authorization(input.token) })).data;
}

export async function sendApiMedia(input: { token: string; number: string; body: string; file: File }): Promise<ApiSendResult> {
  const form = new FormData();
  form.append("number", input.number.trim());
  if (input.body) form.append("body", input.body);
  form.append("medias", input.file);
  return (await externalApi.post<ApiSendResult>(API_SEND_PATH, form, { headers: authorization(input.token) })).data;
}

/** The copyable examples of the page, for this server's address. */
export function curlExamples(origin: string) {
  const url = `${origin}${API_SEND_PATH}`;
  return {
    text: [
      `curl -X POST '${url}' \\`,
      `  -H 'Authorization: Bearer SEU_TOKEN' \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -d '{"number": "5511987654321", "body": "Olá!"}'`,
    ].join("\n"),
    media: [
      `curl -X POST '${url}' \\`,
      `  -H 'Authorization: Bearer SEU_TOKEN' \\`,
      `  -F 'number=5511987654321' \\`,
      `  -F 'body=Segue o arquivo' \\`,
      `  -F 'medias=@/caminho/arquivo.pdf'`,
    ].join("\n"),
    template: [
      `curl -X POST '${url}' \\`,
      `  -H 'Authorization: Bearer SEU_TOKEN' \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -d '{"number": "5511987654321", "body": "Olá!", "template": {"name": "pedido_enviado", "language": "pt_BR", "parameters": ["Maria"]}}'`,
    ].join("\n"),
  };
}
