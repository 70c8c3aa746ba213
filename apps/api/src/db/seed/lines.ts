import { LINE_CATALOGUE } from '../../domain/lines/line-catalogue';
import type { Transactional } from '../handle';

/** Upserted by id at every start; lines dropped from the catalogue are removed. */
export async function seedLines(q: Transactional): Promise<void> {
  const markets = LINE_CATALOGUE.map((m, i) => ({ id: m.id, name: m.name, isNew: m.isNew, sort: i + 1 }));
  const departments = LINE_CATALOGUE.flatMap((m) =>
    m.departments.map(({ rate: _, ...d }, i) => ({ ...d, marketId: m.id, sort: i + 1 })),
  );
  await q.query(
    `insert into line_markets (id, name, is_new, sort)
     select id, name, "isNew", sort
       from jsonb_to_recordset($1::jsonb) as m(id text, name text, "isNew" boolean, sort int)
     on conflict (id) do update set name = excluded.name, is_new = excluded.is_new, sort = excluded.sort`,
    [JSON.stringify(markets)],
  );
  await q.query(
    `insert into line_departments (id, market_id, name_long, irs_number, display_number, open_hours_text,
                                   description_long, sort)
     select id, "marketId", "nameLong", "irsNumber", "displayNumber", "openHoursText", "descriptionLong", sort
       from jsonb_to_recordset($1::jsonb) as d(id text, "marketId" text, "nameLong" text, "irsNumber" text,
                                               "displayNumber" text, "openHoursText" text,
                                               "descriptionLong" text, sort int)
     on conflict (id) do update set market_id = excluded.market_id, name_long = excluded.name_long,
       irs_number = excluded.irs_number, display_number = excluded.display_number,
       open_hours_text = excluded.open_hours_text, description_long = excluded.description_long,
       sort = excluded.sort`,
    [JSON.stringify(departments)],
  );
  await q.query('delete from line_departments where id <> all($1::text[])', [departments.map((d) => d.id)]);
  await q.query('delete from line_markets where id <> all($1::text[])', [markets.map((m) => m.id)]);
}
