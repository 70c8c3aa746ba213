import { LINE_CATALOGUE } from '../../domain/lines/line-catalogue';
import type { Transactional } from '../handle';

/**
 * Inserted by id at every start when missing. Once stored, a market or line belongs to the operator
 * console (CAT-05): a restart neither reverts its edits nor removes the lines it added.
 */
export async function seedLines(q: Transactional): Promise<void> {
  const markets = LINE_CATALOGUE.map((m, i) => ({ id: m.id, name: m.name, isNew: m.isNew, sort: i + 1 }));
  const departments = LINE_CATALOGUE.flatMap((m) =>
    m.departments.map(({ rate: _, ...d }, i) => ({ ...d, marketId: m.id, sort: i + 1 })),
  );
  await q.query(
    `insert into line_markets (id, name, is_new, sort)
     select id, name, "isNew", sort
       from jsonb_to_recordset($1::jsonb) as m(id text, name text, "isNew" boolean, sort int)
     on conflict (id) do nothing`,
    [JSON.stringify(markets)],
  );
  await q.query(
    `insert into line_departments (id, market_id, name_long, irs_number, display_number, open_hours_text,
                                   description_long, sort)
     select id, "marketId", "nameLong", "irsNumber", "displayNumber", "openHoursText", "descriptionLong", sort
       from jsonb_to_recordset($1::jsonb) as d(id text, "marketId" text, "nameLong" text, "irsNumber" text,
                                               "displayNumber" text, "openHoursText" text,
                                               "descriptionLong" text, sort int)
     on conflict (id) do nothing`,
    [JSON.stringify(departments)],
  );
}
