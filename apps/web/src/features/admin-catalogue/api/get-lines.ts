import { CATALOGUE_PATHS, type CatalogueLines } from '@enq/contract';
import { queryOptions } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-api';
import { CATALOGUE_QUERY_KEY } from './catalogue-query-key';

/** GET /catalogue/lines/: every market and its lines. */
export const catalogueLinesQuery = queryOptions({
  queryKey: [...CATALOGUE_QUERY_KEY, 'lines'],
  queryFn: () => adminRequest<CatalogueLines>(CATALOGUE_PATHS.lines),
});
