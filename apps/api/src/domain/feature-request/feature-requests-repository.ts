import type { FeatureRequestInput } from '@enq/contract';
import type { Transactional } from '../../db/handle';

/**
 * Stores a request from the local form. The form is embedded without the portal's bearer token, so
 * the account is a hint taken from the email: the one account whose people use that email, else
 * null. It is unverified (anyone can type any email) and only helps the product team group requests.
 * `emailKey` is the canonical key of the request's email (the contract's emailKey), how its people
 * are found.
 */
export async function insertFeatureRequest(
  q: Transactional,
  request: FeatureRequestInput,
  emailKey: string,
  at: Date,
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `insert into feature_requests (account_id, email, first_name, last_name, phone, title, details, created_at)
     values ((select case when count(distinct account_id) = 1 then min(account_id::text)::uuid end
                from people where lower(email) = $8 and account_id is not null),
             $1, $2, $3, $4, $5, $6, $7)
     returning id`,
    [
      request.email.trim(),
      request.first_name.trim(),
      request.last_name.trim(),
      request.phone.trim(),
      request.title.trim(),
      request.details.trim(),
      at,
      emailKey,
    ],
  );
  return Number(row!.id);
}
