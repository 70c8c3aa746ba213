import { CATALOGUE_PATHS, type CatalogueRates } from '@enq/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-api';
import { CATALOGUE_QUERY_KEY } from './catalogue-query-key';

/** GET /catalogue/rates/?line=: a line's half hours, in force now and scheduled (the first line when none). */
export const catalogueRatesQuery = (line: string | null) =>
  queryOptions({
    queryKey: [...CATALOGUE_QUERY_KEY, 'rates', line],
    queryFn: () =>
      adminRequest<CatalogueRates>(line ? CATALOGUE_PATHS.lineRates(line) : CATALOGUE_PATHS.rates),
    placeholderData: keepPreviousData,
  });
