import type { Transactional } from '../../db/handle';

export interface MarketRow {
  id: string;
  name: string;
  is_new: boolean;
  sort: number;
}

export interface LineRow {
  id: string;
  market_id: string;
  name_long: string;
  irs_number: string;
  display_number: string;
  open_hours_text: string;
  description_long: string;
  sort: number;
}

export interface LineFields {
  nameLong: string;
  irsNumber: string;
  displayNumber: string;
  openHoursText: string;
  descriptionLong: string;
}

export async function listMarkets(q: Transactional): Promise<MarketRow[]> {
  return q.query<MarketRow>('select id, name, is_new, sort from line_markets order by sort, id');
}

export async function listLines(q: Transactional): Promise<LineRow[]> {
  return q.query<LineRow>(
    `select id, market_id, name_long, irs_number, display_number, open_hours_text, description_long, sort
       from line_departments order by sort, id`,
  );
}

export async function findMarket(q: Transactional, id: string, lock = false): Promise<MarketRow | null> {
  const [row] = await q.query<MarketRow>(
    `select id, name, is_new, sort from line_markets where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return row ?? null;
}

export async function findLine(q: Transactional, id: string, lock = false): Promise<LineRow | null> {
  const [row] = await q.query<LineRow>(
    `select id, market_id, name_long, irs_number, display_number, open_hours_text, description_long, sort
       from line_departments where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return row ?? null;
}

/** Whether another market has this name, or another line of the market (ignoring case). */
export async function marketNameTaken(q: Transactional, name: string, exceptId: string): Promise<boolean> {
  const rows = await q.query('select 1 from line_markets where lower(name) = lower($1) and id <> $2', [
    name,
    exceptId,
  ]);
  return rows.length > 0;
}

export async function lineNameTaken(
  q: Transactional,
  marketId: string,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const rows = await q.query(
    `select 1 from line_departments
      where market_id = $1 and lower(name_long) = lower($2) and id is distinct from $3`,
    [marketId, name, exceptId],
  );
  return rows.length > 0;
}

export async function updateMarket(
  q: Transactional,
  id: string,
  market: { name: string; isNew: boolean; sort: number },
): Promise<void> {
  await q.query('update line_markets set name = $2, is_new = $3, sort = $4 where id = $1', [
    id,
    market.name,
    market.isNew,
    market.sort,
  ]);
}

export async function updateLine(q: Transactional, id: string, line: LineFields): Promise<void> {
  await q.query(
    `update line_departments set name_long = $2, irs_number = $3, display_number = $4, open_hours_text = $5,
            description_long = $6 where id = $1`,
    [id, line.nameLong, line.irsNumber, line.displayNumber, line.openHoursText, line.descriptionLong],
  );
}

/** A new line at the end of its market; its id is made from the market's and its name, kept unique. */
export async function insertLine(q: Transactional, marketId: string, line: LineFields): Promise<string> {
  const base = `${marketId}-${line.nameLong
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`.slice(0, 80);
  const [row] = await q.query<{ id: string }>(
    `insert into line_departments (id, market_id, name_long, irs_number, display_number, open_hours_text,
                                   description_long, sort)
     select $1 || case when n = 0 then '' else '-' || (n + 1)::text end, $2, $3, $4, $5, $6, $7,
            coalesce((select max(sort) + 1 from line_departments where market_id = $2), 1)
       from (select count(*)::int as n from line_departments where id = $1 or id like $1 || '-%') c
     returning id`,
    [
      base,
      marketId,
      line.nameLong,
      line.irsNumber,
      line.displayNumber,
      line.openHoursText,
      line.descriptionLong,
    ],
  );
  return row!.id;
}

/** Every line's destination name of a market ('<market> <line>'), for renaming their rates. */
export async function marketLineNames(q: Transactional, marketId: string): Promise<string[]> {
  const rows = await q.query<{ name_long: string }>(
    'select name_long from line_departments where market_id = $1',
    [marketId],
  );
  return rows.map((r) => r.name_long);
}
