import { USERS_CSV_TEMPLATE_FILENAME, USERS_PATHS } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export const downloadCsvTemplate = async () =>
  saveFile(await apiDownload(USERS_PATHS.csvTemplate, USERS_CSV_TEMPLATE_FILENAME));

export const useDownloadCsvTemplate = () => useMutation({ mutationFn: downloadCsvTemplate });
