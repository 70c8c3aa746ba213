import {
  COLLECTION_TEXT,
  type CollectionList,
  type CollectionSetting,
  type CollectionSettings,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { collectionList, listSettings, upsertSetting } from '../billing-engine';
import { DomainError } from '../errors';
import { planNames } from './plan-names-repository';

/** The console's list of accounts in collection, the soonest next try first (docs/billing.md). */
export async function collectionForConsole(database: Transactional): Promise<CollectionList> {
  const rows = await collectionList(database);
  return {
    entries: rows.map((r) => ({
      account_id: r.account_id,
      account_name: r.account_name,
      invoice_id: r.invoice_id,
      invoice_number: r.invoice_number,
      amount_cents: Number(r.amount_cents),
      failures: r.failures,
      last_reason: r.last_reason,
      next_try_at: r.next_try_at ? new Date(r.next_try_at).toISOString() : null,
    })),
  };
}

/** The global schedule and policy, the plans' own, and the plans one can be set for. */
export async function collectionSettings(database: Transactional): Promise<CollectionSettings> {
  const names = await planNames(database);
  return {
    settings: (await listSettings(database)).map((s) => ({
      plan_id: s.plan_id,
      retry_days: s.retry_days.map(Number),
      after_last: s.after_last,
    })),
    plans: [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** Saves a schedule and policy, globally or for a plan; answers the audit's before and after. */
export async function saveCollectionSetting(tx: Transactional, setting: CollectionSetting, now: Date) {
  if (setting.plan_id !== null && !(await planNames(tx)).has(setting.plan_id))
    throw new DomainError('not-found', `There is no plan '${setting.plan_id}'.`, 'plan_id');
  const before = await upsertSetting(tx, setting, now);
  return {
    message: COLLECTION_TEXT.saved,
    before: before ? { retry_days: before.retry_days.map(Number), after_last: before.after_last } : {},
    after: { retry_days: setting.retry_days, after_last: setting.after_last },
  };
}
