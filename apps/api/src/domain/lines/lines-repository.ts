import type { LineGroup } from '@enq/contract';
import type { Transactional } from '../../db/handle';

/** A department line as stored; its rate is not (it comes from the rate table at a moment). */
export type LineDepartment = Omit<LineGroup, 'rate_now'>;

/** A market and its department lines, in display order. */
export interface LineMarket {
  id: string;
  name: string;
  isNew: boolean;
  departments: LineDepartment[];
}

type GroupRow = LineDepartment & { market: string };

// Every department with its market, as one JSON array in display order (markets by sort, then departments).
const GROUPS_JSON = `coalesce((
  select json_agg(json_build_object(
      'market', m.name, 'market_id', m.id, 'new_market', m.is_new, 'name_long', d.name_long,
      'irs_number', d.irs_number, 'display_number', d.display_number,
      'open_hours_text', d.open_hours_text, 'description_long', d.description_long)
    order by m.sort, m.id, d.sort, d.id)
  from line_markets m join line_departments d on d.market_id = m.id), '[]'::json)`;

function toMarkets(rows: GroupRow[]): LineMarket[] {
  const byName = new Map<string, LineMarket>();
  for (const { market, ...group } of rows) {
    let entry = byName.get(market);
    if (!entry) {
      entry = { id: group.market_id, name: market, isNew: group.new_market, departments: [] };
      byName.set(market, entry);
    }
    entry.departments.push(group);
  }
  return [...byName.values()];
}

/** GET /lines/ in one statement: the person's own PIN and every market with its departments. */
export async function linesPageRow(
  q: Transactional,
  personId: string,
): Promise<{ pin: string | null; markets: LineMarket[] }> {
  const [row] = await q.query<{ pin: string | null; groups: GroupRow[] }>(
    `select (select pin from people where id = $1) as pin, ${GROUPS_JSON} as groups`,
    [personId],
  );
  return { pin: row?.pin ?? null, markets: toMarkets(row?.groups ?? []) };
}

/** Every market with its departments, for the PDF and the contact cards. */
export async function listLineMarkets(q: Transactional): Promise<LineMarket[]> {
  const [row] = await q.query<{ groups: GroupRow[] }>(`select ${GROUPS_JSON} as groups`);
  return toMarkets(row?.groups ?? []);
}

export interface PinHolder {
  full_name: string;
  pin: string;
}

export interface PinAsker {
  accountId: string;
  personId: string;
  isAdmin: boolean;
}

/**
 * Whose PIN document is asked for: the asker's own (pin null), or a PIN of the asker's account. Only the
 * admin may fetch other people's: a sub-account user sees their own PIN only, as on the Users page.
 */
export async function findPinHolder(
  q: Transactional,
  asker: PinAsker,
  pin: string | null,
): Promise<PinHolder | null> {
  const [row] = await q.query<PinHolder>(
    `select full_name, pin from people
      where account_id = $1 and pin is not null
        and (case when $3::text is null then id = $2 else pin = $3 and ($4 or id = $2) end)`,
    [asker.accountId, asker.personId, pin, asker.isAdmin],
  );
  return row ?? null;
}
