import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LogoDestination, SettingEntry, SettingKey } from "@atendo/shared";
import { api } from "../auth/api.js";

export const settingsKeys = {
  all: ["settings"] as const,
  list: () => [...settingsKeys.all, "list"] as const,
  public: (key: PublicSettingKey) => [...settingsKeys.all, "public", key] as const,
};

export type PublicSettingKey = "viewregister" | "allowregister" | "trial";

/** The company's settings (GET /settings/). */
export function useSettings(enabled = true) {
  return useQuery({
    queryKey: settingsKeys.list(),
    queryFn: async () => (await api.get<SettingEntry[]>("/settings/")).data,
    enabled,
  });
}

/** A platform-wide setting readable without a session (login and signup pages). */
export function usePublicSetting(key: PublicSettingKey) {
  return useQuery({
    queryKey: settingsKeys.public(key),
    queryFn: async () => (await api.get<{ key: string; value: string }>(`/settings/${key}`)).data.value,
    meta: { silent: true },
    retry: false,
  });
}

export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, value }: { key: SettingKey; value: string }) =>
      (await api.put<SettingEntry>(`/settings/${key}`, { value })).data,
    onSuccess: (entry) => applySettingUpdate(queryClient, entry),
  });
}

/** Writes one changed setting into the cache (after a save here or an update pushed over the socket). */
export function applySettingUpdate(queryClient: ReturnType<typeof useQueryClient>, entry: SettingEntry): void {
  queryClient.setQueryData<SettingEntry[]>(settingsKeys.list(), (list) => {
    if (!list) return list;
    const found = list.some((item) => item.key === entry.key);
    return found ? list.map((item) => (item.key === entry.key ? entry : item)) : [...list, entry];
  });
  if (entry.key === "viewregister" || entry.key === "allowregister" || entry.key === "trial") {
    queryClient.setQueryData(settingsKeys.public(entry.key), entry.value);
  }
}

export function settingValue(list: readonly SettingEntry[] | undefined, key: SettingKey): string | undefined {
  return list?.find((entry) => entry.key === key)?.value;
}

/** POST /settings/media-upload?ref={destination} (super users): the answer's mensagem is 'Arquivo Anexado'. */
export function useUploadLogo() {
  return useMutation({
    mutationFn: async ({ destination, file }: { destination: LogoDestination; file: File }) => {
      const form = new FormData();
      form.append("file", file);
      return (await api.post<{ mensagem: string }>(`/settings/media-upload?ref=${encodeURIComponent(destination)}`, form)).data;
    },
    // The Logo tab words a refused type itself (administration section 8).
    meta: { silent: true },
  });
}
