import { Typography, type SxProps, type Theme } from "@mui/material";
import { renderMarkup } from "./render-markup.js";

/** A message's text with the limited markup (bold, strike, italic, links), newlines kept. */
export function MessageBody({ text, testId = "message-body", sx }: { text: string; testId?: string; sx?: SxProps<Theme> }) {
  return (
    <Typography
      variant="body2"
      component="div"
      data-testid={testId}
      sx={[{ whiteSpace: "pre-wrap", wordBreak: "break-word", "& a": { color: "primary.main", wordBreak: "break-all" } }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {renderMarkup(text)}
    </Typography>
  );
}
