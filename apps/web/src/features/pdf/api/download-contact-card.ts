import { LINES_PATHS, LINES_VCF_FILENAME } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** GET /lines/vcf (API-30): the caller's contact card, named from content-disposition, else enQ.vcf. */
export function downloadContactCard(pin: string) {
  // The request names the PIN (API-30): the document is that person's.
  return apiDownload(`${LINES_PATHS.vcf}?pin=${encodeURIComponent(pin)}`, LINES_VCF_FILENAME);
}

export function useDownloadContactCard() {
  return useMutation({ mutationFn: downloadContactCard, onSuccess: saveFile });
}
