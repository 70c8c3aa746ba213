import { PLAN_PATHS, type UpgradePreview } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Upgrade now's figures for a plan (PLAN-06): fetched on demand and uncached, like the change preview. */
export function previewUpgrade(plan: string): Promise<UpgradePreview> {
  return apiRequest<UpgradePreview>(PLAN_PATHS.upgradePreview, { query: { plan } });
}

export function usePreviewUpgrade() {
  return useMutation({ mutationFn: previewUpgrade });
}
