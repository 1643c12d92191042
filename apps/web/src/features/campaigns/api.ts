import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  companyEvent,
  type CampaignEventPayload,
  type CampaignInput,
  type CampaignListAnswer,
  type CampaignSettingRecord,
  type CampaignSettings,
  type CampaignSettingsInput,
  type CampaignView,
} from "@atendo/shared";
import { api } from "../auth/api.js";
import { useAuth } from "../auth/auth-context.js";
import { useSocketEvent } from "../realtime/socket-context.js";

export const campaignKeys = {
  all: ["campaigns"] as const,
  list: (searchParam: string) => [...campaignKeys.all, "list", searchParam] as const,
  one: (id: number) => [...campaignKeys.all, "one", id] as const,
  settings: ["campaign-settings"] as const,
  options: (kind: string) => ["campaign-options", kind] as const,
};

/** The campaigns page: one query per search text, pages appended as the list scrolls. */
export function useCampaignsList(searchParam: string) {
  return useInfiniteQuery({
    queryKey: campaignKeys.list(searchParam),
    queryFn: async ({ pageParam }) =>
      (await api.get<CampaignListAnswer>("/campaigns/", { params: { searchParam: searchParam || undefined, pageNumber: pageParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useCampaign(id: number) {
  return useQuery({
    queryKey: campaignKeys.one(id),
    queryFn: async () => (await api.get<CampaignView>(`/campaigns/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/**
 * The company's `campaign` events: a record replaces the cached one (the report moves live), and the lists refetch.
 * `onRecord` sees each update (the report schedules its refresh after FINALIZADA).
 */
export function useCampaignEvents(onRecord?: (record: CampaignView) => void) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  useSocketEvent<CampaignEventPayload>(user ? companyEvent.campaign(user.companyId) : null, (event) => {
    if (event.action === "delete") queryClient.removeQueries({ queryKey: campaignKeys.one(event.id) });
    else {
      queryClient.setQueryData(campaignKeys.one(event.record.id), event.record);
      onRecord?.(event.record);
    }
    void queryClient.invalidateQueries({ queryKey: [...campaignKeys.all, "list"] });
  });
}

export interface SaveCampaign {
  id?: number;
  input: CampaignInput;
  /** A file to attach after saving, or "remove" to clear the current one. */
  media?: File | "remove";
}

/** Saves a campaign, then its file (which needs the id); a refused file comes back as `mediaError`. */
export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, media }: SaveCampaign): Promise<{ campaign: CampaignView; mediaError?: unknown }> => {
      // A file changes only while the campaign is editable: with a schedule (which may start it at once) the campaign
      // is saved unscheduled first, gets its file, and is scheduled last.
      const scheduleLast = media !== undefined && Boolean(input.scheduledAt);
      const first = scheduleLast ? { ...input, scheduledAt: null } : input;
      let saved = id ? (await api.put<CampaignView>(`/campaigns/${id}`, first)).data : (await api.post<CampaignView>("/campaigns", first)).data;
      let mediaError: unknown;
      try {
        if (media instanceof File) {
          const form = new FormData();
          form.append("file", media);
          saved = (await api.post<CampaignView>(`/campaigns/${saved.id}/media-upload`, form)).data;
        } else if (media === "remove" && saved.mediaName) {
          saved = (await api.delete<CampaignView>(`/campaigns/${saved.id}/media-upload`)).data;
        }
      } catch (error) {
        mediaError = error;
      }
      if (scheduleLast) saved = (await api.put<CampaignView>(`/campaigns/${saved.id}`, input)).data;
      return mediaError === undefined ? { campaign: saved } : { campaign: saved, mediaError };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
    meta: { silent: true },
  });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/campaigns/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

/** Cancel (EM_ANDAMENTO → CANCELADA) or restart (CANCELADA → EM_ANDAMENTO); failures toast the error's text. */
export function useCampaignAction(action: "cancel" | "restart") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<CampaignView>(`/campaigns/${id}/${action}`)).data,
    onSuccess: (record) => {
      queryClient.setQueryData(campaignKeys.one(record.id), record);
      void queryClient.invalidateQueries({ queryKey: [...campaignKeys.all, "list"] });
    },
  });
}

/** The settings records as one object (administration section 3: key/value records). */
export function settingsOf(records: CampaignSettingRecord[]): CampaignSettings {
  return Object.fromEntries(records.map((record) => [record.key, record.value])) as unknown as CampaignSettings;
}

export function useCampaignSettings(enabled = true) {
  return useQuery({
    queryKey: campaignKeys.settings,
    queryFn: async () => settingsOf((await api.get<CampaignSettingRecord[]>("/campaign-settings")).data),
    enabled,
  });
}

export function useSaveCampaignSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: CampaignSettingsInput["settings"]) =>
      settingsOf((await api.post<CampaignSettingRecord[]>("/campaign-settings", { settings })).data),
    onSuccess: (settings) => queryClient.setQueryData(campaignKeys.settings, settings),
  });
}

interface Option {
  id: number;
  name: string;
}

/** The dialog's pickers: contact lists, tags and file lists of the company. */
export function useCampaignOptions(enabled: boolean) {
  const lists = useQuery({
    queryKey: campaignKeys.options("contact-lists"),
    queryFn: async () => (await api.get<Option[]>("/contact-lists/list")).data,
    enabled,
  });
  const tags = useQuery({
    queryKey: campaignKeys.options("tags"),
    queryFn: async () => (await api.get<Option[]>("/tags/list")).data,
    enabled,
  });
  const files = useQuery({
    queryKey: campaignKeys.options("files"),
    queryFn: async () => (await api.get<{ files: Option[] }>("/files/", { params: { pageNumber: 1 } })).data.files,
    enabled,
  });
  return { lists: lists.data ?? [], tags: tags.data ?? [], files: files.data ?? [] };
}
