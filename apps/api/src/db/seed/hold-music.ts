import type { Transactional } from '../handle';

/**
 * The hold-music catalogue callers hear while they wait. Each track's audio is synthesised by the API
 * (domain/users/hold-music-audio.ts) from the melody named here; the first track is the default.
 */
export const HOLD_MUSIC_CATALOGUE = [
  { value: 'harbor-lights', name: 'Harbor Lights', fileName: 'harbor-lights.wav', sort: 1 },
  { value: 'morning-commute', name: 'Morning Commute', fileName: 'morning-commute.wav', sort: 2 },
  { value: 'quiet-ledger', name: 'Quiet Ledger', fileName: 'quiet-ledger.wav', sort: 3 },
  { value: 'blue-note-waltz', name: 'Blue Note Waltz', fileName: 'blue-note-waltz.wav', sort: 4 },
  { value: 'evergreen-strings', name: 'Evergreen Strings', fileName: 'evergreen-strings.wav', sort: 5 },
] as const;

/** Upserted at every start, like the plan catalogue. */
export async function seedHoldMusic(q: Transactional): Promise<void> {
  await q.query(
    `insert into hold_music (value, name, file_name, sort)
     select value, name, "fileName", sort
       from jsonb_to_recordset($1::jsonb) as t(value text, name text, "fileName" text, sort int)
     on conflict (value) do update set name = excluded.name, file_name = excluded.file_name,
       sort = excluded.sort`,
    [JSON.stringify(HOLD_MUSIC_CATALOGUE)],
  );
}
