import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Transactional } from '../../db/handle';
import { csvChunk, type CallRange, type CsvCursor } from './calls-repository';
import { CsvBytes } from './csv-bytes';
import { CSV_HEADER, formatCsvLine, writeJoinedCalls } from './csv-line';
import { createCallTimeFormatter } from './csv-time';

/** Rows in the first database round trip; later chunks are sized to take about CSV_CHUNK_TARGET_MS. */
export const CSV_CHUNK_ROWS = 2000;
/**
 * PGlite runs each statement on the event loop, so a chunk's statement holds every other request for
 * its duration: chunks aim at this long. Measured against 25 ms (and 4,000 rows at most): the same
 * rows per second, /healthz p99 during an export 31-42 ms instead of 35-105.
 */
export const CSV_CHUNK_TARGET_MS = 15;
const MIN_ROWS = 1000;
/**
 * A chunk's joined text is too big for V8's young generation, and each one waits for a full collection:
 * with 10,000-row chunks the server's memory grew by up to 76 MB during an export, with 4,000 by 38 MB,
 * with 2,500 by 16 to 20 MB (bench/calls, a million calls).
 */
const MAX_ROWS = 2500;

/**
 * The range as a CSV stream, newest first. Rows come in keyset chunks of (call_timestamp, call_uuid);
 * between chunks the stream yields to the event loop and waits for the client to drain, so memory stays
 * bounded by one chunk and other requests (and /healthz) keep being answered during a large export.
 */
export function callsCsvStream(
  q: Transactional,
  range: CallRange,
  chunkRows = CSV_CHUNK_ROWS,
  adaptive = true,
): Readable {
  async function* lines() {
    yield CSV_HEADER;
    let cursor: CsvCursor | null = null;
    const formatTime = createCallTimeFormatter();
    const out = new CsvBytes();
    let rows = chunkRows;
    for (;;) {
      const started = performance.now();
      const chunk = await csvChunk(q, range, cursor, rows);
      const reading = performance.now() - started;
      // Reading and formatting each hold the event loop: other requests get a turn in between.
      await nextTurn();
      const formatting = performance.now();
      if (!writeJoinedCalls(chunk.joined, chunk.rows, formatTime, out))
        for (const call of await chunk.values()) out.add(formatCsvLine(call, formatTime));
      const longest = Math.max(reading, performance.now() - formatting);
      yield* out.take();
      if (!chunk.next) return;
      cursor = chunk.next;
      if (adaptive) {
        const fitted = Math.round((rows * CSV_CHUNK_TARGET_MS) / Math.max(longest, 1));
        rows = Math.min(MAX_ROWS, Math.max(MIN_ROWS, Math.round((rows + fitted) / 2)));
      }
      await nextTurn();
    }
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 64 * 1024 });
}
