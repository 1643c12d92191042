/** A duration in seconds as "1h 05m", "12m 30s" or "45s"; a dash when unknown. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return "–";
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  if (hours > 0) return `${hours}h ${pad(minutes)}m`;
  if (minutes > 0) return `${minutes}m ${pad(rest)}s`;
  return `${rest}s`;
}

/** A chart label of a bucket: "dd/MM" for a day, "HHh" for an hour. */
export function bucketLabel(bucket: string): string {
  if (bucket.length === 13) return `${bucket.slice(11, 13)}h`;
  return `${bucket.slice(8, 10)}/${bucket.slice(5, 7)}`;
}
