import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import {
  ANNOUNCEMENT_EVENT,
  type ActiveAnnouncements,
  type AnnouncementEventPayload,
  type AnnouncementInput,
  type AnnouncementPage,
  type AnnouncementView,
  type BellAnnouncement,
} from "@atendo/shared";
import { api } from "../auth/api.js";
import { useAuth } from "../auth/auth-context.js";
import { useSocketEvent } from "../realtime/socket-context.js";

export const announcementKeys = {
  all: ["announcements"] as const,
  list: (searchParam: string) => [...announcementKeys.all, "list", searchParam] as const,
  bell: (userId: number) => [...announcementKeys.all, "bell", userId] as const,
};

/** The announcements page (super users): one query per search text, pages appended as the list scrolls. */
export function useAnnouncementsList(searchParam: string) {
  return useInfiniteQuery({
    queryKey: announcementKeys.list(searchParam),
    queryFn: async ({ pageParam }) =>
      (await api.get<AnnouncementPage>("/announcements/", { params: { searchParam: searchParam || undefined, pageNumber: pageParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export interface SaveAnnouncement {
  id?: number;
  input: AnnouncementInput;
  /** A file to attach after saving, or "remove" to clear the current attachment. */
  media?: File | "remove";
}

/**
 * Saves an announcement, then its attachment (which needs the announcement's id). A refused attachment does not undo
 * the saved announcement: it comes back as `mediaError` for the dialog to show.
 */
export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, media }: SaveAnnouncement): Promise<{ announcement: AnnouncementView; mediaError?: unknown }> => {
      const saved = id
        ? (await api.put<AnnouncementView>(`/announcements/${id}`, input)).data
        : (await api.post<AnnouncementView>("/announcements", input)).data;
      try {
        if (media instanceof File) {
          const form = new FormData();
          form.append("file", media);
          return { announcement: (await api.post<AnnouncementView>(`/announcements/${saved.id}/media-upload`, form)).data };
        }
        if (media === "remove" && saved.mediaUrl) {
          return { announcement: (await api.delete<AnnouncementView>(`/announcements/${saved.id}/media-upload`)).data };
        }
      } catch (mediaError) {
        return { announcement: saved, mediaError };
      }
      return { announcement: saved };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
    // The dialog shows field errors itself and toasts the rest.
    meta: { silent: true },
  });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/announcements/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

const EMPTY: ActiveAnnouncements = { records: [], unread: 0 };

/** Applies a live `company-announcement` event to the bell's list: newest first, read state kept, unread recounted. */
export function applyAnnouncementEvent(current: ActiveAnnouncements | undefined, event: AnnouncementEventPayload): ActiveAnnouncements {
  const list = current?.records ?? [];
  let records: BellAnnouncement[];
  if (event.action === "delete") {
    records = list.filter((item) => item.id !== event.id);
  } else {
    const previous = list.find((item) => item.id === event.record.id);
    const next: BellAnnouncement = { ...event.record, read: previous?.read ?? false };
    records = previous
      ? list.map((item) => (item.id === next.id ? next : item))
      : [next, ...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  }
  if (records === list) return current ?? EMPTY;
  return { records, unread: records.filter((item) => !item.read).length };
}

function markReadInCache(queryClient: QueryClient, userId: number, id: number) {
  queryClient.setQueryData<ActiveAnnouncements>(announcementKeys.bell(userId), (current) => {
    if (!current) return current;
    const records = current.records.map((item) => (item.id === id ? { ...item, read: true } : item));
    return { records, unread: records.filter((item) => !item.read).length };
  });
}

/**
 * The bell's announcements (every signed-in user): the active ones with the user's read state from the server, kept
 * live by the platform-wide event. The management page's lists refresh on the same event.
 */
export function useActiveAnnouncements(): ActiveAnnouncements {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? 0;
  const query = useQuery({
    queryKey: announcementKeys.bell(userId),
    queryFn: async () => (await api.get<ActiveAnnouncements>("/announcements/active")).data,
    enabled: Boolean(user),
    meta: { silent: true },
  });
  useSocketEvent<AnnouncementEventPayload>(user ? ANNOUNCEMENT_EVENT : null, (event) => {
    queryClient.setQueryData<ActiveAnnouncements>(announcementKeys.bell(userId), (current) => applyAnnouncementEvent(current, event));
    void queryClient.invalidateQueries({ queryKey: [...announcementKeys.all, "list"] });
  });
  return query.data ?? EMPTY;
}

/** Opening an announcement marks it read on the server (so other browsers agree) and in the bell at once. */
export function useMarkAnnouncementRead() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.post(`/announcements/${id}/read`);
    },
    onMutate: (id) => {
      if (user) markReadInCache(queryClient, user.id, id);
    },
    meta: { silent: true },
  });
}
