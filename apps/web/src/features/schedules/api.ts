import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { companyEvent, type ScheduleEventPayload, type SchedulePage, type ScheduleView } from "@atendo/shared";
import { api } from "../auth/api.js";
import { useAuth } from "../auth/auth-context.js";
import { useSocketEvent } from "../realtime/socket-context.js";

export const scheduleKeys = {
  all: ["schedules"] as const,
  list: (searchParam: string) => [...scheduleKeys.all, "list", searchParam] as const,
  range: (from: string, to: string) => [...scheduleKeys.all, "range", from, to] as const,
};

/** The searchable list: one query per search text, pages appended as the table scrolls. */
export function useSchedulesList(searchParam: string) {
  return useInfiniteQuery({
    queryKey: scheduleKeys.list(searchParam),
    queryFn: async ({ pageParam }) =>
      (await api.get<SchedulePage>("/schedules/", { params: { searchParam: searchParam || undefined, pageNumber: pageParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** Pages the calendar may ask for at once: a month view holds a few dozen schedules, this is only a guard. */
const RANGE_MAX_PAGES = 25;

/** Every schedule with sendAt in [from, to): what the calendar's visible weeks show. */
export function useSchedulesInRange(from: Date, to: Date) {
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  return useQuery({
    queryKey: scheduleKeys.range(fromIso, toIso),
    queryFn: async () => {
      const all: ScheduleView[] = [];
      for (let pageNumber = 1; pageNumber <= RANGE_MAX_PAGES; pageNumber++) {
        const page = (await api.get<SchedulePage>("/schedules/", { params: { from: fromIso, to: toIso, pageNumber } })).data;
        all.push(...page.schedules);
        if (!page.hasMore) break;
      }
      return all;
    },
  });
}

export interface ScheduleSaveInput {
  body: string;
  contactId: number;
  /** ISO instant. */
  sendAt: string;
  whatsappId: number | null;
  /** Cloud API connections: the template sent when the contact's 24-hour window has closed. */
  templateName?: string | null;
  templateLanguage?: string | null;
  templateVariables?: string[];
}

export interface SaveSchedule {
  id?: number;
  input: ScheduleSaveInput;
  /** An image to attach after saving, or "remove" to clear the current one. */
  media?: File | "remove";
}

/**
 * Saves a schedule, then its image (which needs the schedule's id). A refused image does not undo the saved
 * schedule: it comes back as `mediaError` for the dialog to show.
 */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, media }: SaveSchedule): Promise<{ schedule: ScheduleView; mediaError?: unknown }> => {
      const saved = id ? (await api.put<ScheduleView>(`/schedules/${id}`, input)).data : (await api.post<ScheduleView>("/schedules", input)).data;
      try {
        if (media instanceof File) {
          const form = new FormData();
          form.append("file", media);
          return { schedule: (await api.post<ScheduleView>(`/schedules/${saved.id}/media-upload`, form)).data };
        }
        if (media === "remove" && saved.mediaUrl) {
          return { schedule: (await api.delete<ScheduleView>(`/schedules/${saved.id}/media-upload`)).data };
        }
      } catch (mediaError) {
        return { schedule: saved, mediaError };
      }
      return { schedule: saved };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
    // The dialog shows field errors itself and toasts the rest.
    meta: { silent: true },
  });
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/schedules/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

/** `company-{id}-schedule`: every open calendar and list refetches what it shows (create, update, delete). */
export function useSchedulesRealtime(): void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  useSocketEvent<ScheduleEventPayload>(user ? companyEvent.schedule(user.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
  });
}
