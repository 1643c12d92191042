import { useQuery } from "@tanstack/react-query";
import type {
  AccountOkResponse,
  CompanySignupInput,
  CompanySignupResponse,
  Language,
  PlanRecord,
  ResetPasswordInput,
} from "@atendo/shared";
import { api } from "../auth/api.js";

/** The plans a visitor may choose (GET /plans/register, no session). */
export function useSignupPlans() {
  return useQuery({
    queryKey: ["plans", "register"],
    queryFn: async () => (await api.get<PlanRecord[]>("/plans/register")).data,
  });
}

/** POST /verify-email: mails a signup code in the page's language. */
export async function requestSignupCode(input: { email: string; name: string; lang: Language }): Promise<void> {
  await api.post<AccountOkResponse>("/verify-email", input);
}

/** POST /verify-code. */
export async function verifySignupCode(input: { email: string; code: string }): Promise<void> {
  await api.post<{ valid: true }>("/verify-code", input);
}

/** POST /companies/cadastro: the server decides the plan terms, trial and approval. */
export async function registerCompany(input: CompanySignupInput): Promise<CompanySignupResponse> {
  return (await api.post<CompanySignupResponse>("/companies/cadastro", input)).data;
}

/** POST /forgetpassword/{email}: the same answer whether or not the address has an account. */
export async function requestPasswordReset(email: string, lang: Language): Promise<void> {
  await api.post<AccountOkResponse>(`/forgetpassword/${encodeURIComponent(email)}`, { lang });
}

/** POST /resetpassword: the code and the new password in the body, never in the URL. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await api.post<AccountOkResponse>("/resetpassword", input);
}
