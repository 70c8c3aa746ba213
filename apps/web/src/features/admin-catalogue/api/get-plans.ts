import { CATALOGUE_PATHS, type CataloguePlans } from '@enq/contract';
import { queryOptions } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-api';
import { CATALOGUE_QUERY_KEY } from './catalogue-query-key';

/** GET /catalogue/plans/: every plan with its versions. */
export const cataloguePlansQuery = queryOptions({
  queryKey: [...CATALOGUE_QUERY_KEY, 'plans'],
  queryFn: () => adminRequest<CataloguePlans>(CATALOGUE_PATHS.plans),
});
