import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { CONNECTIONS_ALERT_CHECK_MS, companyEvent } from "@atendo/shared";
import { api } from "../auth/api.js";
import { useAuth } from "../auth/auth-context.js";
import { useSocketEvent } from "../realtime/socket-context.js";
import {
  ALERT_STATUSES,
  CONNECTION_PROVIDERS,
  type Connection,
  type ConnectionInput,
  type ConnectionProviderView,
  type WhatsappEvent,
  type WhatsappSessionEvent,
} from "./types.js";

export const connectionKeys = {
  all: ["whatsapp"] as const,
  list: () => [...connectionKeys.all, "list"] as const,
  detail: (id: number) => [...connectionKeys.all, "detail", id] as const,
};

/** GET /whatsapp/?session=0: every connection of the company. */
export function useConnections(enabled = true) {
  return useQuery({
    queryKey: connectionKeys.list(),
    queryFn: async () => (await api.get<Connection[]>("/whatsapp/", { params: { session: 0 } })).data,
    enabled,
  });
}

/** GET /whatsapp/{id}: one connection with its current QR code. Always fetched fresh (the QR changes). */
export function useConnection(id: number | null) {
  return useQuery({
    queryKey: connectionKeys.detail(id ?? 0),
    queryFn: async () => (await api.get<Connection>(`/whatsapp/${id}`, { params: { session: 0 } })).data,
    enabled: id !== null,
    staleTime: 0,
  });
}

/**
 * GET /whatsapp-providers: the providers new connections may choose here (the simulator can be disabled by
 * configuration) and the default one. Without an answer, the spec's list with its default (beta).
 */
export function useConnectionProviders(enabled: boolean): { providers: ConnectionProviderView["name"][]; defaultProvider: ConnectionProviderView["name"] } {
  const answer = useQuery({
    queryKey: [...connectionKeys.all, "providers"],
    queryFn: async () => (await api.get<ConnectionProviderView[]>("/whatsapp-providers")).data,
    enabled,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
  const list = Array.isArray(answer.data) && answer.data.length > 0 ? answer.data : null;
  if (!list) return { providers: [...CONNECTION_PROVIDERS], defaultProvider: "beta" };
  return { providers: list.map((p) => p.name), defaultProvider: (list.find((p) => p.isDefault) ?? list[0])!.name };
}

/** Puts a changed connection (whole or partial, from an answer or a socket event) into the list and its detail. */
export function upsertConnection(queryClient: QueryClient, change: Pick<Connection, "id"> & Partial<Connection>): void {
  queryClient.setQueryData<Connection[]>(connectionKeys.list(), (list) => {
    if (!list) return list;
    const index = list.findIndex((c) => c.id === change.id);
    if (index === -1) return isWhole(change) ? [...list, change] : list;
    return list.map((c) => (c.id === change.id ? { ...c, ...change } : c));
  });
  queryClient.setQueryData<Connection>(connectionKeys.detail(change.id), (old) =>
    old ? { ...old, ...change } : isWhole(change) ? change : old,
  );
}

function isWhole(change: Partial<Connection>): change is Connection {
  return typeof change.name === "string" && typeof change.status === "string";
}

export function removeConnection(queryClient: QueryClient, id: number): void {
  queryClient.setQueryData<Connection[]>(connectionKeys.list(), (list) => list?.filter((c) => c.id !== id));
  queryClient.removeQueries({ queryKey: connectionKeys.detail(id) });
}

/** Keeps the cached connections current from `company-{id}-whatsapp` and `company-{id}-whatsappSession`. */
export function useConnectionsRealtime(): void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const companyId = user?.companyId;
  useSocketEvent<WhatsappEvent>(companyId ? companyEvent.whatsapp(companyId) : null, (event) => {
    if (event.action === "update" && event.whatsapp) upsertConnection(queryClient, event.whatsapp);
    if (event.action === "delete") removeConnection(queryClient, Number(event.whatsappId));
  });
  useSocketEvent<WhatsappSessionEvent>(companyId ? companyEvent.whatsappSession(companyId) : null, (event) => {
    if (event.action === "update" && event.session) upsertConnection(queryClient, event.session);
  });
}

/**
 * Whether any connection needs attention (qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING; core-service section 2).
 * Checked 2000 ms after the shell loads (section 9), then kept current by the connection events.
 */
export function useConnectionsNeedAttention(enabled: boolean): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setDue(true), CONNECTIONS_ALERT_CHECK_MS);
    return () => clearTimeout(timer);
  }, [enabled]);
  useConnectionsRealtime();
  const list = useQuery({
    queryKey: connectionKeys.list(),
    queryFn: async () => (await api.get<Connection[]>("/whatsapp/", { params: { session: 0 } })).data,
    enabled: enabled && due,
    meta: { silent: true },
  });
  if (!enabled || !due) return false;
  return (list.data ?? []).some((c) => ALERT_STATUSES.includes(c.status));
}

function useConnectionMutation<TVariables, TResult = void>(mutationFn: (variables: TVariables) => Promise<TResult>, silent = false) {
  return useMutation({ mutationFn, ...(silent ? { meta: { silent: true } } : {}) });
}

export function useCreateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ConnectionInput) => (await api.post<Connection>("/whatsapp", input)).data,
    onSuccess: (connection) => {
      if (connection && typeof connection === "object" && "id" in connection) upsertConnection(queryClient, connection);
      void queryClient.invalidateQueries({ queryKey: connectionKeys.list() });
    },
    // The dialog shows field errors and toasts the rest itself.
    meta: { silent: true },
  });
}

export function useUpdateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: ConnectionInput }) =>
      (await api.put<Connection>(`/whatsapp/${id}`, input)).data,
    onSuccess: (connection, { id }) => {
      if (connection && typeof connection === "object" && "id" in connection) upsertConnection(queryClient, connection);
      else void queryClient.invalidateQueries({ queryKey: connectionKeys.list() });
      void queryClient.invalidateQueries({ queryKey: connectionKeys.detail(id) });
    },
    meta: { silent: true },
  });
}

export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/whatsapp/${id}`);
    },
    onSuccess: (_result, id) => removeConnection(queryClient, id),
  });
}

/** POST /whatsapp-restart/: every session of the company starts again. */
export function useRestartConnections() {
  return useConnectionMutation(async () => {
    await api.post("/whatsapp-restart/");
  });
}

/** POST /whatsappsession/{id}: start (try again); with a phone number, ask for a pairing code instead of a QR. */
export function useStartSession() {
  return useConnectionMutation(async ({ id, pairingNumber }: { id: number; pairingNumber?: string }) => {
    const answer = await api.post<Partial<Connection> | undefined>(
      `/whatsappsession/${id}`,
      pairingNumber ? { pairingNumber } : undefined,
    );
    return answer.data;
  });
}

/** PUT /whatsappsession/{id}: a new QR code. */
export function useRequestNewQr() {
  return useConnectionMutation(async (id: number) => {
    await api.put(`/whatsappsession/${id}`);
  });
}

/** DELETE /whatsappsession/{id}: disconnect (log out). */
export function useDisconnectSession() {
  return useConnectionMutation(async (id: number) => {
    await api.delete(`/whatsappsession/${id}`);
  });
}
