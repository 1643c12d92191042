import { useState } from "react";
import { Alert, Button, Link, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link as RouterLink, Navigate, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { companySignupSchema, emailCodeSchema, type Language } from "@atendo/shared";
import { FullPageSpinner } from "../components/FullPageSpinner.js";
import { PublicCard } from "../components/PublicCard.js";
import { errorCodeOf } from "../features/auth/api-client.js";
import { registerCompany, requestSignupCode, useSignupPlans, verifySignupCode } from "../features/accounts/api.js";
import { attemptsLeftOf } from "../features/accounts/code-error.js";
import { PasswordField } from "../features/accounts/PasswordField.js";
import { maskPhone } from "../features/accounts/phone-mask.js";
import { toastError, toastSuccess, toastWarning } from "../features/errors/toast.js";
import { usePublicSetting } from "../features/settings/api.js";
import { PlatformLogo } from "../features/settings/PlatformLogo.js";
import { isLanguage } from "../i18n/index.js";
import { applyFieldErrors } from "../lib/form-errors.js";

const detailsSchema = companySignupSchema;
type DetailsInput = z.input<typeof detailsSchema>;
type DetailsOutput = z.output<typeof detailsSchema>;
const codeSchema = z.object({ code: emailCodeSchema });
const DETAIL_FIELDS = ["name", "email", "phone", "password", "planId"] as const;

const money = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/**
 * Company self-registration (administration sections 2, 4, 5): details with the plan, then the 6-digit code mailed
 * to the address, then the company is created and the visitor goes to /login. Closed registration goes to /login.
 */
export function SignupPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const allowRegister = usePublicSetting("allowregister");
  const plans = useSignupPlans();
  const [step, setStep] = useState<"details" | "code">("details");
  const [details, setDetails] = useState<DetailsOutput | null>(null);
  // Verified in this visit: after a refusal (name taken), the visitor fixes the form and registers without a new code.
  const [verifiedEmail, setVerifiedEmail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : "pt";

  const form = useForm<DetailsInput, unknown, DetailsOutput>({
    resolver: zodResolver(detailsSchema),
    defaultValues: { name: "", email: "", phone: "", password: "", planId: "" as unknown as number },
  });
  const codeForm = useForm<z.input<typeof codeSchema>, unknown, z.output<typeof codeSchema>>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: "" },
  });

  if (allowRegister.isPending) return <FullPageSpinner />;
  if (allowRegister.data !== "enabled") return <Navigate to="/login" replace />;

  const register = async (values: DetailsOutput) => {
    try {
      const company = await registerCompany(values);
      toastSuccess(company.approved ? t("accounts.signup.done") : t("accounts.signup.doneWaitApproval"));
      void navigate("/login");
    } catch (error) {
      console.error("signup failed", error);
      const code = errorCodeOf(error);
      if (code === "ERR_EMAIL_NOT_VERIFIED") {
        setVerifiedEmail(null);
        setStep("details");
      }
      if (code === "ERR_COMPANY_NAME_ALREADY_EXISTS" || code === "ERR_EMAIL_ALREADY_EXISTS" || code === "ERR_VALIDATION") setStep("details");
      if (!applyFieldErrors(error, form.setError, DETAIL_FIELDS)) toastError(error);
    }
  };

  const sendCode = async (values: DetailsOutput) => {
    await requestSignupCode({ email: values.email, name: values.name, lang });
    toastSuccess(t("accounts.signup.codeSent"));
  };

  const onDetails = form.handleSubmit(
    async (values) => {
      setDetails(values);
      setBusy(true);
      try {
        if (verifiedEmail === values.email) {
          await register(values);
          return;
        }
        await sendCode(values);
        codeForm.reset({ code: "" });
        setStep("code");
      } catch (error) {
        console.error("sending the signup code failed", error);
        if (!applyFieldErrors(error, form.setError, DETAIL_FIELDS)) toastError(error);
      } finally {
        setBusy(false);
      }
    },
    // A plan before the verification step (spec section 5).
    (errors) => {
      if (errors.planId) toastWarning(t("accounts.signup.planFirst"));
    },
  );

  const onCode = codeForm.handleSubmit(async ({ code }) => {
    if (!details) return;
    setBusy(true);
    try {
      await verifySignupCode({ email: details.email, code });
      setVerifiedEmail(details.email);
    } catch (error) {
      console.error("code verification failed", error);
      const left = attemptsLeftOf(error);
      if (left !== null) codeForm.setError("code", { type: "server", message: t("accounts.wrongCode", { count: left }) });
      else if (!applyFieldErrors(error, codeForm.setError, ["code"])) toastError(error);
      setBusy(false);
      return;
    }
    await register(details);
    setBusy(false);
  });

  const resend = async () => {
    if (!details) return;
    try {
      await sendCode(details);
      codeForm.reset({ code: "" });
    } catch (error) {
      console.error("resending the signup code failed", error);
      toastError(error);
    }
  };

  const fieldError = (message: string | undefined) => (message ? t(message) : undefined);
  const { errors } = form.formState;

  return (
    <PublicCard title={t("accounts.signup.title")} logo={<PlatformLogo destination="signup" />}>
      {step === "details" ? (
        <form onSubmit={onDetails} noValidate data-testid="signup-details">
          <Stack spacing={2}>
            <TextField
              {...form.register("name")}
              label={t("accounts.signup.name")}
              required
              autoFocus
              error={Boolean(errors.name)}
              helperText={fieldError(errors.name?.message)}
              data-testid="signup-name"
            />
            <Controller
              control={form.control}
              name="email"
              render={({ field }) => (
                <TextField
                  {...field}
                  onChange={(event) => field.onChange(event.target.value.toLowerCase())}
                  label={t("accounts.signup.email")}
                  type="email"
                  autoComplete="email"
                  required
                  error={Boolean(errors.email)}
                  helperText={fieldError(errors.email?.message)}
                  data-testid="signup-email"
                  slotProps={{ htmlInput: { autoCapitalize: "none" } }}
                />
              )}
            />
            <Controller
              control={form.control}
              name="phone"
              render={({ field }) => (
                <TextField
                  {...field}
                  value={field.value ?? ""}
                  onChange={(event) => field.onChange(maskPhone(event.target.value))}
                  label={t("accounts.signup.phone")}
                  type="tel"
                  autoComplete="tel"
                  placeholder="(99) 99999-9999"
                  error={Boolean(errors.phone)}
                  helperText={fieldError(errors.phone?.message)}
                  data-testid="signup-phone"
                />
              )}
            />
            <PasswordField
              {...form.register("password")}
              label={t("accounts.signup.password")}
              autoComplete="new-password"
              required
              error={Boolean(errors.password)}
              helperText={fieldError(errors.password?.message)}
              data-testid="signup-password"
            />
            <Controller
              control={form.control}
              name="planId"
              render={({ field }) => (
                <TextField
                  select
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value ?? ""}
                  onChange={(event) => field.onChange(event.target.value === "" ? "" : Number(event.target.value))}
                  onBlur={field.onBlur}
                  label={t("accounts.signup.plan")}
                  required
                  error={Boolean(errors.planId)}
                  helperText={fieldError(errors.planId?.message)}
                  data-testid="signup-plan"
                >
                  {(plans.data ?? []).map((plan) => (
                    <MenuItem key={plan.id} value={plan.id} data-testid={`signup-plan-${plan.id}`}>
                      {t("accounts.signup.planOption", {
                        name: plan.name,
                        price: money.format(Number(plan.value)),
                        users: plan.users,
                        connections: plan.connections,
                        queues: plan.queues,
                      })}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {plans.isSuccess && plans.data.length === 0 && <Alert severity="warning">{t("accounts.signup.noPlans")}</Alert>}
            <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="signup-next">
              {t("accounts.signup.next")}
            </Button>
            <Link component={RouterLink} to="/login" variant="body2" data-testid="signup-login-link">
              {t("accounts.signup.haveAccount")}
            </Link>
          </Stack>
        </form>
      ) : (
        <form onSubmit={onCode} noValidate data-testid="signup-code-step">
          <Stack spacing={2}>
            <Typography variant="body2">{t("accounts.signup.codeStep", { email: details?.email ?? "" })}</Typography>
            <TextField
              {...codeForm.register("code")}
              label={t("accounts.signup.code")}
              required
              autoFocus
              autoComplete="one-time-code"
              error={Boolean(codeForm.formState.errors.code)}
              helperText={fieldError(codeForm.formState.errors.code?.message)}
              data-testid="signup-code"
              slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 6 } }}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="signup-verify">
              {t("accounts.signup.verify")}
            </Button>
            <Stack direction="row" sx={{ justifyContent: "space-between" }}>
              <Button onClick={() => setStep("details")} data-testid="signup-back">
                {t("accounts.signup.back")}
              </Button>
              <Button onClick={() => void resend()} data-testid="signup-resend">
                {t("accounts.signup.resend")}
              </Button>
            </Stack>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
