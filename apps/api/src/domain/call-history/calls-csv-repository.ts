import type { Transactional } from '../../db/handle';
import { billedWhere, INDEX_ORDER, NEWEST_FIRST, type CallRange } from './calls-range-repository';

/** A call as the export writes it: its unix seconds, texts and amounts (in hundredths of a credit). */
export interface CsvCall {
  unixTime: number;
  destination: string;
  user: string;
  callerId: string;
  billedSeconds: number;
  rateCc: number;
  creditsCc: number;
}

/** Separators of a joined chunk: U+001F between a call's values, U+001E between calls. */
export const UNIT = '\x1f';
export const RECORD = '\x1e';

/** A chunk as the database joined it (readCsvChunk, calls-csv-repository.ts): `rows` calls, separators checked. */
export class JoinedCalls {
  constructor(
    readonly text: string,
    readonly rows: number,
  ) {}
}

// The calls export's reads: a chunk of a range at a time, as calls-csv-fast's joined text (see there
// for why and what it cost).

/** Where the next chunk starts: the last call read, in the newest-first order. */
export interface Keyset {
  at: string;
  uuid: string;
}

/** A call's values as the database's text, in CsvCall's order. */
const VALUES = [
  `floor(extract(epoch from call_timestamp))::bigint`,
  'destination',
  'user_name',
  'caller_id_number',
  'billed_seconds',
  'billing_rate',
  'credits_used',
];

const toCsvCall = (v: string[]): CsvCall => ({
  unixTime: Number(v[0]),
  destination: v[1]!,
  user: v[2]!,
  callerId: v[3]!,
  billedSeconds: Number(v[4]),
  rateCc: Number(v[5]),
  creditsCc: Number(v[6]),
});

/**
 * The next `limit` calls of the range after `after` (newest first, along calls_account_time_idx), and
 * where the chunk after them starts (null after the range's last call). The chunk crosses from the
 * database as one text, its calls' values joined with UNIT and RECORD: PGlite parses result rows in
 * JavaScript one by one, and building JSON costs the database more than the rows themselves. A text
 * holding either separator makes more separators than the chunk has calls for: that chunk is then
 * read again as rows, which is slower and exact.
 */
export async function readCsvChunk(
  q: Transactional,
  r: CallRange,
  after: Keyset | null,
  limit: number,
): Promise<{ calls: JoinedCalls | CsvCall[]; next: Keyset | null }> {
  const params: unknown[] = [r.accountId, r.from, limit];
  const add = (value: unknown) => `$${params.push(value)}`;
  // The upper bound is the range's or the last call read, never both: given two, the index scan may
  // start from the range's and read again every call already sent.
  let where = after
    ? `(call_timestamp, call_uuid) < (${add(after.at)}::timestamptz, ${add(after.uuid)})`
    : `call_timestamp < to_timestamp(${add(r.to)}::bigint + 1)`;
  if (r.user !== undefined) where += ` and user_name = ${add(r.user)}`;
  if (r.destination !== undefined) where += ` and destination = ${add(r.destination)}`;
  if (r.periodId !== undefined) where += ` and period_id = ${add(r.periodId)}`;
  where += billedWhere(r.billed, add);
  const chunkCalls = `select * from calls
    where account_id = $1 and call_timestamp >= to_timestamp($2::bigint) and ${where}
    ${NEWEST_FIRST} limit $3`;
  // The oldest call's keyset comes in the same pass (reading it from the index first cost a fifth more).
  const [chunk] = await q.query<{ rows: number; joined: string | null; at: string; uuid: string }>(
    `select count(*)::int as rows,
            string_agg(concat_ws(E'\\x1f', ${VALUES.join(', ')}), E'\\x1e' ${NEWEST_FIRST}) as joined,
            min(call_timestamp)::text as at, (array_agg(call_uuid ${NEWEST_FIRST}))[count(*)] as uuid
       from (${chunkCalls}) c`,
    params,
    INDEX_ORDER,
  );
  const rows = chunk?.rows ?? 0;
  const next = rows === limit ? { at: chunk!.at, uuid: chunk!.uuid } : null;
  const joined = chunk?.joined ?? '';
  if (separatorsFit(joined, rows)) return { calls: new JoinedCalls(joined, rows), next };
  const exact = await q.query<Record<string, string>>(
    `select ${VALUES.map((v, i) => `(${v})::text as v${i}`).join(', ')} from (${chunkCalls}) c ${NEWEST_FIRST}`,
    params,
    INDEX_ORDER,
  );
  return { calls: exact.map((row) => toCsvCall(VALUES.map((_, i) => row[`v${i}`]!))), next };
}

/** Whether `joined` has one RECORD between calls and six UNITs a call: no text held a separator. */
function separatorsFit(joined: string, rows: number): boolean {
  if (rows === 0) return joined === '';
  let units = 0;
  let records = 0;
  for (let at = joined.indexOf(UNIT); at !== -1; at = joined.indexOf(UNIT, at + 1)) units++;
  for (let at = joined.indexOf(RECORD); at !== -1; at = joined.indexOf(RECORD, at + 1)) records++;
  return records === rows - 1 && units === rows * (VALUES.length - 1);
}
