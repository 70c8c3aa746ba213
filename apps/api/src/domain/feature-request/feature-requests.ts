import { emailKey, type FeatureRequestInput } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { insertFeatureRequest } from './feature-requests-repository';

/** Stores a request from the local form; its account hint is looked up by the email's canonical key. */
export async function saveFeatureRequest(
  q: Transactional,
  request: FeatureRequestInput,
  at: Date,
): Promise<number> {
  return insertFeatureRequest(q, request, emailKey(request.email), at);
}
