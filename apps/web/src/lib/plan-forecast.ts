import { PLAN_PATHS, type ForecastResponse } from '@enq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

// The forecast and the plan advisor (PLAN-01..05): the overview's card and /subscription's advisor read
// the same answer. The overview asks for it only once its own summary is on screen (the card mounts
// with it), so the landing page's first answer never waits for it.
export const PLAN_FORECAST_QUERY_KEY = ['plan-forecast'] as const;

export function getPlanForecast(signal?: AbortSignal): Promise<ForecastResponse> {
  return apiRequest<ForecastResponse>(PLAN_PATHS.forecast, { signal });
}

export const planForecastQuery = queryOptions({
  queryKey: PLAN_FORECAST_QUERY_KEY,
  queryFn: ({ signal }) => getPlanForecast(signal),
});

export function usePlanForecast() {
  return useQuery(planForecastQuery);
}
