import { forwardRef, useState } from "react";
import { IconButton, InputAdornment, TextField, type TextFieldProps } from "@mui/material";
import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import { useTranslation } from "react-i18next";

/** A password input with its show/hide toggle (signup and password reset). */
export const PasswordField = forwardRef<HTMLDivElement, TextFieldProps>(function PasswordField(props, ref) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      ref={ref}
      type={shown ? "text" : "password"}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                onClick={() => setShown((value) => !value)}
                aria-label={shown ? t("accounts.hidePassword") : t("accounts.showPassword")}
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
});
