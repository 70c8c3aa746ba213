import { LINES_PATHS, LINES_VCF_FILENAME } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** GET /lines/vcf (API-30): the caller's contact card, named from content-disposition, else enQ.vcf. */
export function downloadContactCard() {
  return apiDownload(LINES_PATHS.vcf, LINES_VCF_FILENAME);
}

export function useDownloadContactCard() {
  return useMutation({ mutationFn: downloadContactCard, onSuccess: saveFile });
}
