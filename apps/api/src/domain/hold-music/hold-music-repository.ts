import type { Transactional } from '../../db/handle';

/** A track of the hold music catalogue, as stored. */
export interface HoldMusicRow {
  value: string;
  name: string;
}

/** The catalogue in its order: the first track is every person's default. */
export async function holdMusicTracks(q: Transactional): Promise<HoldMusicRow[]> {
  return q.query<HoldMusicRow>('select value, name from hold_music order by sort, name');
}
