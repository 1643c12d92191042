import { useState } from "react";
import { Button, IconButton, InputAdornment, Link, Stack, TextField } from "@mui/material";
import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link as RouterLink } from "react-router";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { loginSchema } from "@atendo/shared";
import { PublicCard } from "../components/PublicCard.js";
import { useAuth } from "../features/auth/auth-context.js";
import { dueDateWarningDays } from "../features/auth/due-date.js";
import { toastError, toastWarning } from "../features/errors/toast.js";
import { usePublicSetting } from "../features/settings/api.js";
import { PlatformLogo } from "../features/settings/PlatformLogo.js";
import { applyFieldErrors } from "../lib/form-errors.js";

type LoginFormInput = z.input<typeof loginSchema>;
type LoginFormOutput = z.output<typeof loginSchema>;

export function LoginPage() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const viewRegister = usePublicSetting("viewregister");
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const auth = await login(values);
      // Success moves to /tickets through the public-route guard; warn about a close due date first.
      const days = dueDateWarningDays(auth.user.company.dueDate);
      if (days !== null) toastWarning(days === 0 ? t("auth.dueToday") : t("auth.dueSoon", { count: days }));
    } catch (error) {
      console.error("login failed", error);
      if (!applyFieldErrors(error, form.setError, ["email", "password"])) toastError(error);
    }
  });

  return (
    <PublicCard title={t("auth.login.title")} logo={<PlatformLogo destination="login" />}>
      <form onSubmit={onSubmit} noValidate>
        <Stack spacing={2}>
          <Controller
            control={form.control}
            name="email"
            render={({ field }) => (
              <TextField
                {...field}
                // Lower-cased as typed (spec section 2, Login).
                onChange={(event) => field.onChange(event.target.value.toLowerCase())}
                label={t("auth.login.email")}
                type="email"
                autoComplete="email"
                autoFocus
                required
                error={Boolean(errors.email)}
                helperText={errors.email?.message ? t(errors.email.message) : undefined}
                data-testid="login-email"
                slotProps={{ htmlInput: { autoCapitalize: "none" } }}
              />
            )}
          />
          <TextField
            {...form.register("password")}
            label={t("auth.login.password")}
            type={showPassword ? "text" : "password"}
            autoComplete="current-password"
            required
            error={Boolean(errors.password)}
            helperText={errors.password?.message ? t(errors.password.message) : undefined}
            data-testid="login-password"
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      edge="end"
                      onClick={() => setShowPassword((shown) => !shown)}
                      aria-label={showPassword ? t("auth.login.hidePassword") : t("auth.login.showPassword")}
                    >
                      {showPassword ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting} data-testid="login-submit">
            {t("auth.login.submit")}
          </Button>
          <Stack direction="row" sx={{ justifyContent: "space-between", flexWrap: "wrap", gap: 1 }}>
            <Link component={RouterLink} to="/forgetpsw" variant="body2" data-testid="forgot-password-link">
              {t("auth.login.forgotPassword")}
            </Link>
            {viewRegister.data === "enabled" && (
              <Link component={RouterLink} to="/signup" variant="body2" data-testid="register-link">
                {t("auth.login.register")}
              </Link>
            )}
          </Stack>
        </Stack>
      </form>
    </PublicCard>
  );
}
