import { useState } from "react";
import { Box, ButtonBase, IconButton, InputAdornment, Popover, TextField, Tooltip } from "@mui/material";
import Palette from "@mui/icons-material/PaletteOutlined";
import { useTranslation } from "react-i18next";
import { COLOR_PALETTE } from "./color-palette.js";

interface Props {
  label: string;
  value: string;
  onChange: (color: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  testId: string;
}

/** A colour: typed in the hex field or picked from the palette of 49 (queue and tag dialogs). */
export function ColorPicker({ label, value, onChange, onBlur, error, disabled, testId }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <TextField
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        error={Boolean(error)}
        helperText={error}
        disabled={disabled}
        data-testid={testId}
        slotProps={{
          htmlInput: { maxLength: 9, spellCheck: false },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Box
                  data-testid={`${testId}-swatch`}
                  sx={{ width: 20, height: 20, borderRadius: 0.5, bgcolor: value || "transparent", border: 1, borderColor: "divider" }}
                />
              </InputAdornment>
            ),
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={t("common.pickColor")}>
                  <span>
                    <IconButton
                      aria-label={t("common.pickColor")}
                      onClick={(event) => setAnchor(event.currentTarget)}
                      disabled={disabled}
                      edge="end"
                      data-testid={`${testId}-palette`}
                    >
                      <Palette />
                    </IconButton>
                  </span>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <Box sx={{ p: 1.5, display: "grid", gridTemplateColumns: "repeat(7, 28px)", gap: 0.75 }} data-testid={`${testId}-palette-grid`}>
          {COLOR_PALETTE.map((color) => (
            <ButtonBase
              key={color}
              aria-label={color}
              onClick={() => {
                onChange(color);
                setAnchor(null);
              }}
              data-testid={`color-option-${color.slice(1)}`}
              sx={{
                width: 28,
                height: 28,
                borderRadius: 0.5,
                bgcolor: color,
                outline: color === value.toLowerCase() ? 2 : 0,
                outlineColor: "text.primary",
                outlineOffset: 1,
              }}
            />
          ))}
        </Box>
      </Popover>
    </>
  );
}
