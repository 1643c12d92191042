import { useEffect, useRef } from "react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { companyEvent, type DashboardExportFormat, type DashboardView } from "@atendo/shared";
import { api } from "../auth/api.js";
import { useSocketEvent } from "../realtime/socket-context.js";
import type { DashboardParams } from "./period.js";

export const dashboardKeys = {
  all: ["dashboard"] as const,
  view: (params: DashboardParams | null) => [...dashboardKeys.all, params] as const,
};

/** GET /dashboard for the chosen period and filters (the previous figures stay on screen while the next load). */
export function useDashboard(params: DashboardParams | null) {
  return useQuery({
    queryKey: dashboardKeys.view(params),
    queryFn: async () => (await api.get<DashboardView>("/dashboard", { params })).data,
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** The least time between two refetches caused by ticket events. */
export const LIVE_REFRESH_MS = 3_000;

/**
 * Live figures: every ticket event the admin's socket already receives marks the dashboard stale, at most once every
 * LIVE_REFRESH_MS (a burst of events makes one refetch at the end of the window).
 */
export function useDashboardLiveRefresh(companyId: number | undefined): void {
  const queryClient = useQueryClient();
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useSocketEvent(companyId ? companyEvent.ticket(companyId) : null, () => {
    if (timer.current) return;
    const refresh = () => {
      timer.current = null;
      last.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    };
    const wait = last.current + LIVE_REFRESH_MS - Date.now();
    if (wait <= 0) refresh();
    else timer.current = setTimeout(refresh, wait);
  });
}

/** Downloads GET /dashboard/export as a file named by the server. */
export async function downloadDashboardExport(params: DashboardParams, format: DashboardExportFormat): Promise<void> {
  const res = await api.get<Blob>("/dashboard/export", { params: { ...params, format }, responseType: "blob" });
  const disposition = String(res.headers["content-disposition"] ?? "");
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `dashboard.${format}`;
  const url = URL.createObjectURL(res.data);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
