import { useQuery } from '@tanstack/react-query';
import { linesQuery } from '../../../lib/lines-query';

/** The person's own PIN (PDF-01), read from the Lines page's cached GET /lines/ answer. */
export function useOwnPin() {
  return useQuery({ ...linesQuery, select: (data) => data.pin });
}
