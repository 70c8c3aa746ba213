import { CATALOGUE_PATHS, type CatalogueActionResult, type RateChangeBody } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAction } from '../../../lib/admin-api';
import { CATALOGUE_QUERY_KEY } from './catalogue-query-key';

/** POST /catalogue/rates/: a new rate for a half hour of a line, or all of them, from its effective date. */
export function scheduleRate(body: RateChangeBody, key: string): Promise<CatalogueActionResult> {
  return adminAction<CatalogueActionResult>(CATALOGUE_PATHS.rates, body, key, 'POST');
}

export function useScheduleRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: RateChangeBody; key: string }) => scheduleRate(body, key),
    onSuccess: () => client.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEY }),
  });
}
