import { CATALOGUE_PATHS, type CatalogueActionResult, type PlanVersionBody } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAction } from '../../../lib/admin-api';
import { CATALOGUE_QUERY_KEY } from './catalogue-query-key';

/** POST /catalogue/plans/:id/versions/: a new version of a plan from its effective date. */
export function schedulePlanVersion(
  planId: string,
  body: PlanVersionBody,
  key: string,
): Promise<CatalogueActionResult> {
  return adminAction<CatalogueActionResult>(CATALOGUE_PATHS.planVersions(planId), body, key, 'POST');
}

export function useSchedulePlanVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, body, key }: { planId: string; body: PlanVersionBody; key: string }) =>
      schedulePlanVersion(planId, body, key),
    onSuccess: () => client.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEY }),
  });
}
