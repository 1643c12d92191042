import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CompanyCreateInput,
  CompanyUpdateInput,
  PlanInput,
  PlanRecord,
  PlatformCompanyDetail,
  PlatformCompanyView,
} from "@atendo/shared";
import { api } from "../auth/api.js";

export const platformKeys = {
  companies: ["platform", "companies"] as const,
  company: (id: number) => ["platform", "companies", id] as const,
  plans: ["platform", "plans"] as const,
};

/** Every company (super users); the table filters and sorts it in the browser. */
export function useCompanies() {
  return useQuery({
    queryKey: platformKeys.companies,
    queryFn: async () => (await api.get<PlatformCompanyView[]>("/companies/list")).data,
  });
}

/** One company with what it owns (the delete confirmation names it). */
export function useCompanyDetail(id: number | null) {
  return useQuery({
    queryKey: platformKeys.company(id ?? 0),
    queryFn: async () => (await api.get<PlatformCompanyDetail>(`/companies/${id}`)).data,
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CompanyCreateInput) => (await api.post<PlatformCompanyView>("/companies", input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformKeys.companies }),
    // The form shows field errors itself and toasts the rest.
    meta: { silent: true },
  });
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: CompanyUpdateInput }) =>
      (await api.put<PlatformCompanyView>(`/companies/${id}`, input)).data,
    onSuccess: (company) => {
      queryClient.setQueryData<PlatformCompanyView[]>(platformKeys.companies, (list) => list?.map((c) => (c.id === company.id ? company : c)));
      void queryClient.invalidateQueries({ queryKey: platformKeys.companies });
    },
    meta: { silent: true },
  });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/companies/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformKeys.companies }),
  });
}

/** Every plan, public or not (super users). */
export function usePlans() {
  return useQuery({
    queryKey: platformKeys.plans,
    queryFn: async () => (await api.get<PlanRecord[]>("/plans/all")).data,
  });
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: PlanInput }) =>
      id ? (await api.put<PlanRecord>(`/plans/${id}`, input)).data : (await api.post<PlanRecord>("/plans", input)).data,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: platformKeys.plans }), queryClient.invalidateQueries({ queryKey: platformKeys.companies })]),
    meta: { silent: true },
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/plans/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformKeys.plans }),
  });
}
