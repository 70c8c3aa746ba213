import { notInArray, sql } from 'drizzle-orm';
import { LINE_CATALOGUE } from '../../domain/lines/line-catalogue';
import type { Db } from '../client';
import { lineDepartments, lineMarkets } from '../schema';

/** Upserted by id at every start; lines dropped from the catalogue are removed. */
export async function seedLines(db: Db): Promise<void> {
  const markets = LINE_CATALOGUE.map((m, i) => ({ id: m.id, name: m.name, isNew: m.isNew, sort: i + 1 }));
  const departments = LINE_CATALOGUE.flatMap((m) =>
    m.departments.map(({ rate: _, ...d }, i) => ({ ...d, marketId: m.id, sort: i + 1 })),
  );
  await db
    .insert(lineMarkets)
    .values(markets)
    .onConflictDoUpdate({
      target: lineMarkets.id,
      set: { name: sql`excluded.name`, isNew: sql`excluded.is_new`, sort: sql`excluded.sort` },
    });
  await db
    .insert(lineDepartments)
    .values(departments)
    .onConflictDoUpdate({
      target: lineDepartments.id,
      set: {
        marketId: sql`excluded.market_id`,
        nameLong: sql`excluded.name_long`,
        irsNumber: sql`excluded.irs_number`,
        displayNumber: sql`excluded.display_number`,
        openHoursText: sql`excluded.open_hours_text`,
        descriptionLong: sql`excluded.description_long`,
        sort: sql`excluded.sort`,
      },
    });
  await db.delete(lineDepartments).where(
    notInArray(
      lineDepartments.id,
      departments.map((d) => d.id),
    ),
  );
  await db.delete(lineMarkets).where(
    notInArray(
      lineMarkets.id,
      markets.map((m) => m.id),
    ),
  );
}
