import { useQuery } from '@tanstack/react-query';
import { linesQuery } from '../../../lib/lines-query';

/** Each line's rate is the rate now, which changes every half hour: re-read while the page is open. */
const RATE_REFRESH_MS = 5 * 60_000;

export function useLines() {
  return useQuery({ ...linesQuery, refetchInterval: RATE_REFRESH_MS });
}
