import { useState } from "react";
import { Button, Link, Stack, TextField, Typography } from "@mui/material";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link as RouterLink, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { V, emailCodeSchema, emailSchema, strongPasswordSchema, type Language } from "@atendo/shared";
import { PublicCard } from "../components/PublicCard.js";
import { requestPasswordReset, resetPassword } from "../features/accounts/api.js";
import { attemptsLeftOf } from "../features/accounts/code-error.js";
import { PasswordField } from "../features/accounts/PasswordField.js";
import { toastError, toastSuccess } from "../features/errors/toast.js";
import { usePublicSetting } from "../features/settings/api.js";
import { isLanguage } from "../i18n/index.js";
import { applyFieldErrors } from "../lib/form-errors.js";

const emailStepSchema = z.object({ email: emailSchema });
const resetStepSchema = z
  .object({ token: emailCodeSchema, newPassword: strongPasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ["confirmPassword"], message: V.passwordsDiffer });

/**
 * Password reset (administration sections 2, 4, 5): the e-mail, then the mailed code with the new password twice;
 * success goes to /login. The server answers the first step alike for every address (docs/DECISIONS.md).
 */
export function ForgetPasswordPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const viewRegister = usePublicSetting("viewregister");
  const [email, setEmail] = useState<string | null>(null);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : "pt";

  const emailForm = useForm<z.input<typeof emailStepSchema>, unknown, z.output<typeof emailStepSchema>>({
    resolver: zodResolver(emailStepSchema),
    defaultValues: { email: "" },
  });
  const resetForm = useForm<z.input<typeof resetStepSchema>, unknown, z.output<typeof resetStepSchema>>({
    resolver: zodResolver(resetStepSchema),
    defaultValues: { token: "", newPassword: "", confirmPassword: "" },
  });

  const send = async (address: string) => {
    await requestPasswordReset(address, lang);
    toastSuccess(t("accounts.forgot.sent"));
  };

  const onEmail = emailForm.handleSubmit(async (values) => {
    try {
      await send(values.email);
      resetForm.reset({ token: "", newPassword: "", confirmPassword: "" });
      setEmail(values.email);
    } catch (error) {
      console.error("password reset request failed", error);
      if (!applyFieldErrors(error, emailForm.setError, ["email"])) toastError(error);
    }
  });

  const onReset = resetForm.handleSubmit(async (values) => {
    if (!email) return;
    try {
      await resetPassword({ email, token: values.token, newPassword: values.newPassword });
      toastSuccess(t("accounts.forgot.done"));
      void navigate("/login");
    } catch (error) {
      console.error("password reset failed", error);
      const left = attemptsLeftOf(error);
      if (left !== null) resetForm.setError("token", { type: "server", message: t("accounts.wrongCode", { count: left }) });
      else if (!applyFieldErrors(error, resetForm.setError, ["token", "newPassword"])) toastError(error);
    }
  });

  const resend = async () => {
    if (!email) return;
    try {
      await send(email);
    } catch (error) {
      console.error("password reset request failed", error);
      toastError(error);
    }
  };

  const message = (key: string | undefined) => (key ? t(key) : undefined);
  const emailErrors = emailForm.formState.errors;
  const resetErrors = resetForm.formState.errors;

  return (
    <PublicCard title={t("accounts.forgot.title")}>
      {email === null ? (
        <form onSubmit={onEmail} noValidate data-testid="forgot-email-step">
          <Stack spacing={2}>
            <Controller
              control={emailForm.control}
              name="email"
              render={({ field }) => (
                <TextField
                  {...field}
                  onChange={(event) => field.onChange(event.target.value.toLowerCase())}
                  label={t("accounts.forgot.email")}
                  type="email"
                  autoComplete="email"
                  autoFocus
                  required
                  error={Boolean(emailErrors.email)}
                  helperText={message(emailErrors.email?.message)}
                  data-testid="forgot-email"
                  slotProps={{ htmlInput: { autoCapitalize: "none" } }}
                />
              )}
            />
            <Button type="submit" variant="contained" size="large" disabled={emailForm.formState.isSubmitting} data-testid="forgot-send">
              {t("accounts.forgot.send")}
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={onReset} noValidate data-testid="forgot-reset-step">
          <Stack spacing={2}>
            <Typography variant="body2">{t("accounts.forgot.codeStep", { email })}</Typography>
            <TextField
              {...resetForm.register("token")}
              label={t("accounts.forgot.code")}
              required
              autoFocus
              autoComplete="one-time-code"
              error={Boolean(resetErrors.token)}
              helperText={message(resetErrors.token?.message)}
              data-testid="forgot-code"
              slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 6 } }}
            />
            <PasswordField
              {...resetForm.register("newPassword")}
              label={t("accounts.forgot.newPassword")}
              autoComplete="new-password"
              required
              error={Boolean(resetErrors.newPassword)}
              helperText={message(resetErrors.newPassword?.message)}
              data-testid="forgot-password"
            />
            <PasswordField
              {...resetForm.register("confirmPassword")}
              label={t("accounts.forgot.confirmPassword")}
              autoComplete="new-password"
              required
              error={Boolean(resetErrors.confirmPassword)}
              helperText={message(resetErrors.confirmPassword?.message)}
              data-testid="forgot-confirm"
            />
            <Button type="submit" variant="contained" size="large" disabled={resetForm.formState.isSubmitting} data-testid="forgot-reset">
              {t("accounts.forgot.reset")}
            </Button>
            <Stack direction="row" sx={{ justifyContent: "space-between" }}>
              <Button onClick={() => setEmail(null)} data-testid="forgot-back">
                {t("accounts.forgot.back")}
              </Button>
              <Button onClick={() => void resend()} data-testid="forgot-resend">
                {t("accounts.forgot.resend")}
              </Button>
            </Stack>
          </Stack>
        </form>
      )}
      <Stack direction="row" sx={{ justifyContent: "space-between", flexWrap: "wrap", gap: 1, mt: 2 }}>
        <Link component={RouterLink} to="/login" variant="body2" data-testid="forgot-login-link">
          {t("accounts.forgot.backToLogin")}
        </Link>
        {viewRegister.data === "enabled" && (
          <Link component={RouterLink} to="/signup" variant="body2" data-testid="forgot-signup-link">
            {t("accounts.forgot.noAccount")}
          </Link>
        )}
      </Stack>
    </PublicCard>
  );
}
