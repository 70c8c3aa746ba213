import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Transactional } from '../../db/handle';
import {
  createCallTimeFormatter,
  CSV_HEADER,
  CsvBytes,
  csvLine,
  JoinedCalls,
  writeJoinedLines,
  type CsvCall,
} from './calls-csv-fast';
import { readCsvChunk, type Keyset } from './calls-csv-repository';
import type { CallRange } from './calls-range-repository';

/**
 * Calls read per database round trip. PGlite runs each statement on the event loop, so other requests
 * wait while a chunk is read and formatted. At 1,000 calls a chunk's joined text and its lines (about
 * 110 kB each) stay under V8's large-object size (128 kB), whose objects wait for a full collection:
 * with 2,000-call chunks bench/calls measured +97 MB of server
 * memory during one export and /healthz p99 177 ms during four, with 1,000 +48 MB and 40 ms.
 */
export const CSV_CHUNK_ROWS = 1000;

/**
 * Chunks of calls as a CSV stream (the lines made by calls-csv-fast). The next chunk is read only once
 * the stream's reader (the reply, piping with backpressure) has taken the previous one, so an export
 * holds about one chunk in memory however slowly the client reads. Destroying the stream (the client
 * went away) ends the reading.
 */
export function callsCsv(
  chunks: Iterable<JoinedCalls | Iterable<CsvCall>> | AsyncIterable<JoinedCalls | Iterable<CsvCall>>,
): Readable {
  const formatTime = createCallTimeFormatter();
  const out = new CsvBytes();
  async function* chunksText() {
    yield Buffer.from(CSV_HEADER);
    for await (const calls of chunks) {
      if (calls instanceof JoinedCalls) writeJoinedLines(calls, formatTime, out);
      else for (const call of calls) out.add(csvLine(call, formatTime));
      // One write a chunk: the reply waits for the socket to drain after each write it cannot buffer.
      yield out.take();
    }
  }
  return Readable.from(chunksText(), { objectMode: false });
}

/** The range's calls, newest first, a chunk at a time. */
async function* rangeChunks(
  q: Transactional,
  range: CallRange,
  chunkRows: number,
): AsyncGenerator<JoinedCalls | Iterable<CsvCall>> {
  let after: Keyset | null = null;
  do {
    // PGlite answers in promise callbacks, which run before the event loop looks at sockets again:
    // a turn of the loop before and after each read lets other requests be answered meanwhile.
    await nextTurn();
    const chunk = await readCsvChunk(q, range, after, chunkRows);
    await nextTurn();
    yield chunk.calls;
    after = chunk.next;
  } while (after);
}

/** The range's calls as a CSV stream, newest first (see callsCsv). */
export function callsCsvStream(
  q: Transactional,
  range: CallRange,
  { chunkRows = CSV_CHUNK_ROWS }: { chunkRows?: number } = {},
): Readable {
  return callsCsv(rangeChunks(q, range, chunkRows));
}
