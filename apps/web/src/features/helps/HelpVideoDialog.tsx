import { Box, Dialog, DialogContent, DialogTitle, IconButton, Typography } from "@mui/material";
import Close from "@mui/icons-material/Close";
import { useTranslation } from "react-i18next";
import { helpEmbedUrl, type HelpView } from "@atendo/shared";

/**
 * The help video player (administration section 2): YouTube's privacy-enhanced embed in a modal that Escape closes
 * (the dialog's own keyboard handling; the iframe is in a separate document, so a click on the page first).
 */
export function HelpVideoDialog({ help, onClose }: { help: HelpView | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={help !== null} onClose={onClose} fullWidth maxWidth="md" data-testid="help-player">
      {help && (
        <>
          <DialogTitle sx={{ pr: 6 }}>
            {help.title}
            <IconButton aria-label={t("common.close")} onClick={onClose} sx={{ position: "absolute", right: 8, top: 8 }} data-testid="help-player-close">
              <Close />
            </IconButton>
          </DialogTitle>
          <DialogContent>
            <Box sx={{ position: "relative", width: "100%", pt: "56.25%", bgcolor: "common.black", borderRadius: 1, overflow: "hidden" }}>
              <Box
                component="iframe"
                src={`${helpEmbedUrl(help.video)}?autoplay=1&rel=0`}
                title={help.title}
                allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
                data-testid="help-player-frame"
                sx={{ position: "absolute", inset: 0, width: "100%", height: "100%", border: 0 }}
              />
            </Box>
            {help.description && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2, whiteSpace: "pre-wrap" }}>
                {help.description}
              </Typography>
            )}
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}
