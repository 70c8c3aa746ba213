import type { Transactional } from '../../db/handle';
import { DomainError } from '../errors';
import { accountExists } from './account-actions-repository';

/** The console's actions on an account answer 404, naming nothing else, when it does not exist. */
export async function requireAccount(q: Transactional, accountId: string): Promise<void> {
  if (!(await accountExists(q, accountId))) throw new DomainError('not-found', 'There is no such account.');
}
