import { CATALOGUE_PATHS, type CatalogueActionResult, type MarketBody } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAction } from '../../../lib/admin-api';
import { CATALOGUE_QUERY_KEY } from './catalogue-query-key';

/** PUT /catalogue/markets/:id/: a market's name, New flag and place. */
export function saveMarket(marketId: string, body: MarketBody, key: string): Promise<CatalogueActionResult> {
  return adminAction<CatalogueActionResult>(CATALOGUE_PATHS.market(marketId), body, key, 'PUT');
}

export function useSaveMarket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ marketId, body, key }: { marketId: string; body: MarketBody; key: string }) =>
      saveMarket(marketId, body, key),
    onSuccess: () => client.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEY }),
  });
}
