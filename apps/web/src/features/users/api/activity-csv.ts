import { ACTIVITY_CSV_FILENAME, ACTIVITY_PATHS } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { activitySearch, type ActivityFilters } from './activity';

/** The activity the filters match as a CSV file, saved by the browser. */
export const downloadActivityCsv = async (filters: ActivityFilters) =>
  saveFile(await apiDownload(`${ACTIVITY_PATHS.csv}${activitySearch(filters)}`, ACTIVITY_CSV_FILENAME));

export const useDownloadActivityCsv = () => useMutation({ mutationFn: downloadActivityCsv });
