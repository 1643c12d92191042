import { Box, InputAdornment, MenuItem, Select } from "@mui/material";
import TranslateOutlined from "@mui/icons-material/TranslateOutlined";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "@atendo/shared";
import { changeLanguage, isLanguage } from "../../i18n/index.js";

/** The interface language (pt, en, es), remembered in the browser. Options: language-option-<code>. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Select
      variant="standard"
      disableUnderline
      value={current}
      onChange={(event) => {
        if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
      }}
      data-testid="language-select"
      inputProps={{ "aria-label": t("layout.language") }}
      renderValue={(value) => (
        <>
          <Box component="span" sx={{ display: { xs: "none", sm: "inline" } }}>
            {t(`common.languages.${value}`)}
          </Box>
          <Box component="span" sx={{ display: { xs: "inline", sm: "none" }, textTransform: "uppercase" }}>
            {value}
          </Box>
        </>
      )}
      startAdornment={
        <InputAdornment position="start" sx={{ color: "inherit", mr: 0.5 }}>
          <TranslateOutlined fontSize="small" />
        </InputAdornment>
      }
      sx={{ mx: { xs: 0.5, sm: 1 }, color: "inherit", "& .MuiSelect-icon": { color: "inherit" } }}
    >
      {LANGUAGES.map((language) => (
        <MenuItem key={language} value={language} data-testid={`language-option-${language}`}>
          {t(`common.languages.${language}`)}
        </MenuItem>
      ))}
    </Select>
  );
}
