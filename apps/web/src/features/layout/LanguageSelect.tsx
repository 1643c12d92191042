import { InputAdornment, TextField } from "@mui/material";
import TranslateOutlined from "@mui/icons-material/TranslateOutlined";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "@atendo/shared";
import { changeLanguage, isLanguage } from "../../i18n/index.js";

/** A native select: keyboard- and test-friendly, and it never hides behind a popover. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <TextField
      select
      variant="standard"
      value={current}
      onChange={(event) => {
        if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
      }}
      slotProps={{
        select: { native: true },
        input: {
          disableUnderline: true,
          startAdornment: (
            <InputAdornment position="start" sx={{ color: "inherit" }}>
              <TranslateOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { "data-testid": "language-select", "aria-label": t("layout.language") },
      }}
      sx={{
        mx: 1,
        "& .MuiInputBase-root, & .MuiNativeSelect-icon": { color: "inherit" },
        "& option": { color: "text.primary", bgcolor: "background.paper" },
      }}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language}>
          {t(`common.languages.${language}`)}
        </option>
      ))}
    </TextField>
  );
}
