import { CALL_COLUMNS, ccToCredits, formatBilledDuration, neutraliseCell } from '@enq/contract';
import { stringify, type Options } from 'csv-stringify/sync';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Queryable } from '../../db/client';
import { createCallTimeFormatter, readCsvChunk, type CsvCall, type Keyset } from './calls-csv-fast';
import type { CallRange } from './calls-range';

/**
 * Calls read per database round trip. PGlite runs each statement on the event loop, so other requests
 * wait while a chunk is read and formatted; an export holds about one chunk in memory.
 */
export const CSV_CHUNK_ROWS = 2000;

/**
 * A caller ID as the network sent it: an E.164 number ("+12025550100") or a word ("anonymous") is
 * written as it is (the formula guard would turn every number into "'+1…"); anything else is guarded.
 */
const callerIdCell = (value: string) =>
  /^\+?\d{1,15}$|^[A-Za-z][A-Za-z ]*$/.test(value) ? value : neutraliseCell(value);

/**
 * A call's cells in CALL_COLUMNS order. Texts a person typed (line and user names) get the formula
 * guard. Strings are written quoted and numbers bare (see csvFormat), so the time, the duration and
 * the amounts stay numbers here and csvFormat writes them in their column's format.
 */
const cells = (c: CsvCall) => [
  c.unixTime,
  neutraliseCell(c.destination),
  neutraliseCell(c.user),
  callerIdCell(c.callerId),
  c.billedSeconds,
  ccToCredits(c.rateCc),
  ccToCredits(c.creditsCc),
];
const TIME_COLUMN = 0;
const DURATION_COLUMN = 4;

/**
 * The CSV every export writes: a UTF-8 byte-order mark and CRLF line ends (spreadsheet programs then
 * read accented names as UTF-8), the table's column names, text cells quoted and numbers bare; times
 * in New York time and durations as minutes:seconds, as the table shows them.
 */
function csvOptions(): Options {
  const formatTime = createCallTimeFormatter();
  return {
    bom: true,
    header: true,
    columns: [...CALL_COLUMNS],
    record_delimiter: 'windows',
    quoted_string: true,
    cast: {
      number: (value, { index }) =>
        index === TIME_COLUMN
          ? formatTime(value)
          : index === DURATION_COLUMN
            ? formatBilledDuration(value)
            : String(value),
      // The column names are strings too, and are written as they are.
      string: (value, { header }) => (header ? { value, quoted_string: false } : value),
    },
  };
}

/**
 * Chunks of calls as a CSV stream, a chunk's lines made by csv-stringify in one call (through its
 * stream, a line at a time, the export ran at half the speed). The next chunk is taken only once the
 * stream's reader (the reply, piping with backpressure) has taken the text of the previous one, so an
 * export holds about one chunk in memory however slowly the client reads. Destroying the stream (the
 * client went away) ends the reading.
 */
export function callsCsv(chunks: Iterable<CsvCall[]> | AsyncIterable<CsvCall[]>): Readable {
  const options = csvOptions();
  async function* text() {
    let first = true;
    for await (const calls of chunks) {
      yield stringify(calls.map(cells), { ...options, bom: first, header: first });
      first = false;
    }
    if (first) yield stringify([], options);
  }
  return Readable.from(text(), { objectMode: false });
}

/** The range's calls, newest first, a chunk at a time. */
async function* rangeChunks(q: Queryable, range: CallRange, chunkRows: number): AsyncGenerator<CsvCall[]> {
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
  q: Queryable,
  range: CallRange,
  { chunkRows = CSV_CHUNK_ROWS }: { chunkRows?: number } = {},
): Readable {
  return callsCsv(rangeChunks(q, range, chunkRows));
}
