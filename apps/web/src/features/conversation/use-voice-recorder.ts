import { useCallback, useEffect, useRef, useState } from "react";

/** What browsers record and the server turns into a WhatsApp voice note (Ogg/Opus through ffmpeg). */
export const VOICE_MIME_TYPE = "audio/webm;codecs=opus";

function recorderOptions(): MediaRecorderOptions | undefined {
  return typeof MediaRecorder.isTypeSupported === "function" && MediaRecorder.isTypeSupported(VOICE_MIME_TYPE)
    ? { mimeType: VOICE_MIME_TYPE }
    : undefined;
}

export interface VoiceRecorder {
  recording: boolean;
  /** Asks for the microphone and starts; rejects when the browser refuses (the caller toasts it). */
  start: () => Promise<void>;
  /** Stops and throws the recording away. */
  cancel: () => void;
  /** Stops and gives the recording (null when nothing was recording). */
  stop: () => Promise<Blob | null>;
}

/** Voice recording with MediaRecorder (core-service section 4: start, then cancel or send). */
export function useVoiceRecorder(): VoiceRecorder {
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const chunks = useRef<Blob[]>([]);
  const [recording, setRecording] = useState(false);

  const release = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    recorder.current = null;
    chunks.current = [];
    setRecording(false);
  }, []);

  const start = useCallback(async () => {
    if (recorder.current) return;
    const media = await navigator.mediaDevices.getUserMedia({ audio: true });
    const next = new MediaRecorder(media, recorderOptions());
    chunks.current = [];
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    stream.current = media;
    recorder.current = next;
    next.start();
    setRecording(true);
  }, []);

  const stop = useCallback(
    () =>
      new Promise<Blob | null>((resolve) => {
        const current = recorder.current;
        if (!current) {
          resolve(null);
          return;
        }
        current.onstop = () => {
          const blob = new Blob(chunks.current, { type: current.mimeType || VOICE_MIME_TYPE });
          release();
          resolve(blob);
        };
        current.stop();
      }),
    [release],
  );

  const cancel = useCallback(() => {
    const current = recorder.current;
    if (current) {
      current.onstop = null;
      current.ondataavailable = null;
      if (current.state !== "inactive") current.stop();
    }
    release();
  }, [release]);

  // Leaving the conversation while recording frees the microphone.
  useEffect(() => () => cancel(), [cancel]);

  return { recording, start, cancel, stop };
}
