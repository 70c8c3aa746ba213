import type { Transactional } from './handle';
import type { Slots } from './slots';

/** A database opened by openDatabase (client.ts), whichever driver runs it. */
export interface Database extends Transactional {
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process runs its own `exclusively` work on this database: the start-up
   * sequence (migrations, reference data, demo seed). On PostgreSQL one connection holds an advisory
   * lock throughout, so processes started at once take turns; on PGlite the data-dir lock already
   * keeps every other process out. Not reentrant: `work` must not call it again.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Raw SQL for the job queue (pg-boss): without values the text may hold several statements. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Limits on concurrent work shared by every process on this database (see slots). */
  slots: Slots;
  /**
   * PGlite only: the whole data dir as one tar, gzipped unless told (a dump kept in memory to open many
   * times opens 0.6 s sooner unzipped), taken between two statements (PGlite runs one at a time), after
   * a checkpoint. It opens as PGlite's `loadDataDir` and recovers like a restart.
   */
  dumpDataDir?(compression?: 'gzip' | 'none'): Promise<Blob>;
  /**
   * PostgreSQL only: LISTEN on `channel` on a connection of its own, opened again after it drops.
   * `onState(true)` once listening (again: notifications sent meanwhile were missed), `onState(false)`
   * as soon as the connection is lost. Ends with the returned function or `close`.
   */
  listen?(
    channel: string,
    onMessage: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): () => Promise<void>;
  /** PostgreSQL only: the pool's connections, open, idle and waited for (the metrics page). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir: string }
  /** In memory (tests): empty, or started from `from`, a dump of a data dir (PGlite dumpDataDir). */
  | { kind: 'pglite'; dataDir: null; from?: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number };

/** Where a connection the server dropped while idle is reported (a restart, an admin's terminate). */
export type IdleConnectionError = (error: Error) => void;

export const IDLE_CONNECTION_CLOSED = 'database: an idle connection was closed by the server';
