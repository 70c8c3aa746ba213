import {
  ACTIVITY_CSV_MAX_ROWS,
  ACTIVITY_ERRORS,
  ACTIVITY_KIND_IDS,
  ACTIVITY_KINDS,
  ACTIVITY_PAGE_SIZE,
  type ActivityKind,
  type ActivityPage,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { DomainError } from '../errors';
import { activityPeople, listActivity } from './activity-repository';
import { activityCsv, activityEntry } from './activity-view';
import { holdMusicTracks } from '../hold-music';

const trackNames = async (q: Transactional) =>
  new Map((await holdMusicTracks(q)).map((t) => [t.value, t.name] as const));

/** Who reads the log: only the account's admin sees it (ACT-05), and only their own account's. */
export interface ActivityReader {
  accountId: string;
  isAdmin: boolean;
}

export interface ActivityFilters {
  person?: string | undefined;
  kind?: ActivityKind | undefined;
}

function assertAdmin(reader: ActivityReader) {
  if (!reader.isAdmin) throw new DomainError('forbidden', ACTIVITY_ERRORS.adminOnly);
}

const filterOf = (reader: ActivityReader, filters: ActivityFilters) => ({
  accountId: reader.accountId,
  personId: filters.person,
  actionPrefixes: filters.kind ? ACTIVITY_KINDS[filters.kind].prefixes : undefined,
});

/** A page of the account's activity, newest first, with the people and kinds to filter by (ACT-03, ACT-04). */
export async function activityPage(
  q: Transactional,
  reader: ActivityReader,
  filters: ActivityFilters,
  page: number,
): Promise<ActivityPage> {
  assertAdmin(reader);
  const offset = (page - 1) * ACTIVITY_PAGE_SIZE;
  const [{ rows, total }, people, names] = await Promise.all([
    listActivity(q, filterOf(reader, filters), ACTIVITY_PAGE_SIZE, offset),
    activityPeople(q, reader.accountId),
    trackNames(q),
  ]);
  return {
    entries: rows.map((row) => activityEntry(row, names)),
    total,
    page,
    page_size: ACTIVITY_PAGE_SIZE,
    people,
    kinds: ACTIVITY_KIND_IDS.map((id) => ({ id, label: ACTIVITY_KINDS[id].label })),
  };
}

/** Every change the filters match as CSV, newest first (ACT-06). */
export async function activityCsvFile(
  q: Transactional,
  reader: ActivityReader,
  filters: ActivityFilters,
): Promise<string> {
  assertAdmin(reader);
  const [{ rows }, names] = await Promise.all([
    listActivity(q, filterOf(reader, filters), ACTIVITY_CSV_MAX_ROWS, 0),
    trackNames(q),
  ]);
  return activityCsv(rows.map((row) => activityEntry(row, names)));
}
