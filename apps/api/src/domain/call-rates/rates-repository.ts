import type { Transactional } from '../../db/handle';

export interface RateRow {
  destination: string;
  slot_start_minute: number;
  effective_from: Date;
  effective_to: Date | null;
  credits_per_minute: string;
}

/** The whole rate table, every version of every line, by line and then by when it took effect. */
export async function rateRows(q: Transactional): Promise<RateRow[]> {
  return q.query<RateRow>('select * from rates order by destination, effective_from');
}
