import type { Transactional } from '../../db/handle';

/** The catalogue's plan names by id ('team-monthly' -> 'Team'). */
export async function planNames(q: Transactional): Promise<Map<string, string>> {
  const rows = await q.query<{ id: string; name: string }>('select id, name from plans');
  return new Map(rows.map((r) => [r.id, r.name] as const));
}
