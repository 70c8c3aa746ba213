import { CATALOGUE_PATHS, type CatalogueActionResult, type NewLineBody } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAction } from '../../../lib/admin-api';
import { CATALOGUE_QUERY_KEY } from './catalogue-query-key';

/** POST /catalogue/lines/: a new line in a market, with its rate in every half hour from now. */
export function addLine(body: NewLineBody, key: string): Promise<CatalogueActionResult> {
  return adminAction<CatalogueActionResult>(CATALOGUE_PATHS.lines, body, key, 'POST');
}

export function useAddLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: NewLineBody; key: string }) => addLine(body, key),
    onSuccess: () => client.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEY }),
  });
}
