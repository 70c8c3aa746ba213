import { ACTIVITY_PATHS, type ActivityKind, type ActivityPage } from '@enq/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The Activity view's filters; blank means every person, every kind. */
export interface ActivityFilters {
  person: string;
  kind: ActivityKind | '';
}

/** The query string of the filters (and the page, for the list). */
export function activitySearch(filters: ActivityFilters, page?: number): string {
  const params = new URLSearchParams();
  if (filters.person) params.set('person', filters.person);
  if (filters.kind) params.set('kind', filters.kind);
  if (page && page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const fetchActivity = (filters: ActivityFilters, page: number, signal?: AbortSignal) =>
  apiRequest<ActivityPage>(`${ACTIVITY_PATHS.list}${activitySearch(filters, page)}`, { signal });

/** A page of the account's activity; the page shown stays while the next one loads. */
export const useActivity = (filters: ActivityFilters, page: number) =>
  useQuery({
    queryKey: ['users', 'activity', filters.person, filters.kind, page],
    queryFn: ({ signal }) => fetchActivity(filters, page, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
