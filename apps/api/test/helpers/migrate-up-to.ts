import { readFileSync } from 'node:fs';
import type { Transactional } from '../../src/db/handle';

const folder = new URL('../../drizzle/', import.meta.url);
const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', folder), 'utf8')) as {
  entries: { tag: string; when: number }[];
};

/** Applies the migrations before `tag` by hand and records them as drizzle does, so migrate() runs the rest. */
export async function migrateUpTo(database: Transactional, tag: string) {
  const before = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === tag),
  );
  for (const entry of before)
    for (const statement of readFileSync(new URL(`${entry.tag}.sql`, folder), 'utf8').split(
      '--> statement-breakpoint',
    ))
      if (statement.trim()) await database.query(statement);
  await database.query('create schema if not exists drizzle');
  await database.query(
    'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  await database.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
    'applied-by-test',
    before.at(-1)!.when,
  ]);
}
