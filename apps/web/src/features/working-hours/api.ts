import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CompanySchedulesInput, WorkingHoursEntry } from "@atendo/shared";
import { api } from "../auth/api.js";

export const companySchedulesKey = (companyId: number) => ["companies", companyId, "schedules"] as const;

/** The company's working hours (the defaults until an admin saves them). */
export function useCompanySchedules(companyId: number) {
  return useQuery({
    queryKey: companySchedulesKey(companyId),
    queryFn: async () => (await api.get<{ schedules: WorkingHoursEntry[] }>(`/companies/${companyId}/schedules`)).data.schedules,
  });
}

export function useUpdateCompanySchedules(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CompanySchedulesInput) =>
      (await api.put<{ schedules: WorkingHoursEntry[] }>(`/companies/${companyId}/schedules`, input)).data.schedules,
    onSuccess: (schedules) => queryClient.setQueryData(companySchedulesKey(companyId), schedules),
    // The form shows field errors itself and toasts the rest.
    meta: { silent: true },
  });
}
