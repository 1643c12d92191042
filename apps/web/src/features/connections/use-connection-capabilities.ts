import { useQuery } from "@tanstack/react-query";
import { api } from "../auth/api.js";
import { connectionKeys } from "./api.js";
import type { Connection, ConnectionCapabilities } from "./types.js";

/**
 * What a ticket's connection can do (GET /whatsapp/, the list every user may read, shared with the connections
 * page's cache). Null while unknown or when the list cannot be read: screens then offer everything and the server
 * refuses what the provider cannot do (e.g. edits on the Cloud API: ERR_EDITING_WAPP_MSG).
 */
export function useConnectionCapabilities(whatsappId: number | null | undefined): ConnectionCapabilities | null {
  const list = useQuery({
    queryKey: connectionKeys.list(),
    queryFn: async () => (await api.get<Connection[]>("/whatsapp/", { params: { session: 0 } })).data,
    enabled: typeof whatsappId === "number",
    // A conversation must not toast because the connections list failed: it only hides actions.
    meta: { silent: true },
  });
  if (typeof whatsappId !== "number" || !Array.isArray(list.data)) return null;
  return list.data.find((c) => c.id === whatsappId)?.capabilities ?? null;
}
