import { useQuery } from "@tanstack/react-query";
import { api } from "../auth/api.js";

export function useVersion() {
  return useQuery({
    queryKey: ["version"],
    queryFn: async () => (await api.get<{ version: string }>("/version")).data.version,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
}
