import { LINES_PATHS, LINES_PDF_FILENAME } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** GET /lines/pdf (API-29): the caller's own PDF, named from content-disposition, else enq-phone-numbers.pdf. */
export function downloadLinesPdf(pin: string) {
  // The request names the PIN (API-29): the document is that person's.
  return apiDownload(`${LINES_PATHS.pdf}?pin=${encodeURIComponent(pin)}`, LINES_PDF_FILENAME);
}

export function useDownloadLinesPdf() {
  return useMutation({ mutationFn: downloadLinesPdf, onSuccess: saveFile });
}
