import type { DbOrTx } from "../db/client.js";
import type { Jobs } from "../jobs/jobs.js";

export const DOWNLOAD_MEDIA_JOB = "download-media";
export interface DownloadMediaJob {
  companyId: number;
  messageId: number;
}

/** Ingestion calls this in its transaction for a stored inbound media message (mediaStatus pending). */
export function queueMediaDownload(tx: DbOrTx, jobs: Jobs, job: DownloadMediaJob): Promise<string> {
  return jobs.enqueue<DownloadMediaJob>(DOWNLOAD_MEDIA_JOB, job, { tx });
}
