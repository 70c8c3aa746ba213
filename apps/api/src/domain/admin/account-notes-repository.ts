import type { Transactional } from '../../db/handle';

export interface NoteRow {
  id: number;
  body: string;
  staff_name: string;
  created_at: Date;
}

/** The account's internal notes, newest first (CONS-03); the customer never reads them. */
export async function listAccountNotes(q: Transactional, accountId: string): Promise<NoteRow[]> {
  return q.query<NoteRow>(
    `select id::int, body, staff_name, created_at from account_notes
      where account_id = $1 order by created_at desc, id desc`,
    [accountId],
  );
}

export async function insertAccountNote(
  q: Transactional,
  note: { accountId: string; staffPersonId: string; staffName: string; body: string; at?: Date },
): Promise<NoteRow> {
  const [row] = await q.query<NoteRow>(
    `insert into account_notes (account_id, staff_person_id, staff_name, body, created_at)
     values ($1, $2, $3, $4, coalesce($5::timestamptz, now()))
     returning id::int, body, staff_name, created_at`,
    [note.accountId, note.staffPersonId, note.staffName, note.body, note.at?.toISOString() ?? null],
  );
  return row!;
}
