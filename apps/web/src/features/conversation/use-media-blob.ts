import { useEffect, useState } from "react";
import { api } from "../auth/api.js";

/** GET of a message's attachment with the session's bearer token (the media route is authenticated). */
export async function fetchMediaBlob(url: string): Promise<Blob> {
  const response = await api.get<Blob>(url, { responseType: "blob", headers: { Accept: "*/*" } });
  return response.data;
}

export type MediaBlobState = { status: "loading" } | { status: "ready"; objectUrl: string } | { status: "error" };

/**
 * A message's attachment as an object URL (an <img>/<audio>/<video> cannot send the bearer token itself). The URL is
 * revoked when the message leaves the screen or its media changes.
 */
export function useMediaBlob(url: string | null): MediaBlobState {
  const [state, setState] = useState<MediaBlobState>({ status: "loading" });
  useEffect(() => {
    if (!url) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    setState({ status: "loading" });
    fetchMediaBlob(url).then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ status: "ready", objectUrl });
      },
      () => {
        if (!cancelled) setState({ status: "error" });
      },
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return url ? state : { status: "error" };
}

/** Saves an attachment under its name: fetched on demand, so documents are not downloaded just by scrolling past. */
export async function downloadMedia(url: string, fileName: string): Promise<void> {
  const blob = await fetchMediaBlob(url);
  const objectUrl = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = objectUrl;
  anchor.download = fileName;
  anchor.rel = "noopener";
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}
