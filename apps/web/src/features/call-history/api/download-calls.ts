import { CALL_HISTORY_DEFAULT_FILENAME, CALL_PATHS } from '@enq/contract';
import { apiDownload, type DownloadedFile } from '../../../lib/api-client';

export interface DownloadParams {
  timestampFrom: number;
  timestampTo: number;
  user?: string | undefined;
  destination?: string | undefined;
}

/** The range as a CSV file; the name comes from content-disposition, else call-history.csv. */
export function downloadCalls(params: DownloadParams): Promise<DownloadedFile> {
  return apiDownload(CALL_PATHS.download, CALL_HISTORY_DEFAULT_FILENAME, {
    query: { ...params },
    timeoutMs: 10 * 60_000,
  });
}
