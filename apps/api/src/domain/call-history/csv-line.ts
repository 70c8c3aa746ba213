import { CALL_COLUMNS, CSV_BOM, ccToCredits, formatBilledDuration, neutraliseCell } from '@enq/contract';
import { JOINED_RECORD, JOINED_UNIT, type CsvValues } from './calls-repository';
import type { CsvBytes } from './csv-bytes';

/** The CSV's first line (byte-order mark, the table's column names, RFC 4180 line end). */
export const CSV_HEADER = `${CSV_BOM}${CALL_COLUMNS.join(',')}\r\n`;

type FormatTime = (unixSeconds: number) => string;

/** A quoted cell. */
const quoted = (cell: string) => `"${cell.includes('"') ? cell.replaceAll('"', '""') : cell}"`;

/** A text a person typed (a line or user name): quoted, spreadsheet formulas neutralised. */
const csvText = (value: string): string => quoted(neutraliseCell(value));

/**
 * A caller ID as the network sent it: an E.164 number ("+12025550100") or a word ("anonymous") is
 * written as it is (the guard would turn every number into "'+1…"); anything else is guarded.
 */
const csvCallerId = (value: string): string =>
  quoted(/^\+?\d{1,15}$|^[A-Za-z][A-Za-z ]*$/.test(value) ? value : neutraliseCell(value));

/** One call's CSV line, with its RFC 4180 line end, in the table's column order (CALL_COLUMNS). */
export function formatCsvLine(v: CsvValues, formatTime: FormatTime): string {
  return `${formatTime(Number(v[0]))},${csvText(v[4])},${csvText(v[5])},${csvCallerId(v[6])},${formatBilledDuration(
    Number(v[1]),
  )},${ccToCredits(Number(v[2]))},${ccToCredits(Number(v[3]))}\r\n`;
}

/** The digits at text[from..to) as a number; -1 when empty or not all digits. */
function digitsAt(text: string, from: number, to: number): number {
  if (from >= to) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** The integer at text[from..to), read without a substring when it is plain digits. */
const integerAt = (text: string, from: number, to: number): number => {
  const n = digitsAt(text, from, to);
  return n >= 0 ? n : Number(text.slice(from, to));
};

/** Hundredths at text[from..to) as ccToCredits prints them ('2750' -> '27.5'), without a float. */
function centicreditsAt(text: string, from: number, to: number): string {
  if (to - from < 3 || digitsAt(text, from, to) < 0) return String(ccToCredits(Number(text.slice(from, to))));
  const whole = text.slice(from, to - 2);
  if (text.charCodeAt(to - 1) !== 48) return `${whole}.${text.slice(to - 2, to)}`;
  return text.charCodeAt(to - 2) === 48 ? whole : `${whole}.${text[to - 2]}`;
}

/**
 * Writes the CSV lines of a chunk the database joined (see csvChunk) to `out`, in one pass over the
 * text without splitting it into values first: a million-row export spends most of its JavaScript
 * time here. The lines are those formatCsvLine makes. Answers false, having written nothing, when the
 * text is not seven values a call (a text held a separator): the chunk's calls must then be taken
 * one by one.
 */
export function writeJoinedCalls(
  joined: string,
  rows: number,
  formatTime: FormatTime,
  out: CsvBytes,
): boolean {
  const unit = new Int32Array(6);
  let start = 0;
  for (let row = 0; row < rows; row++) {
    let end = joined.indexOf(JOINED_RECORD, start);
    if (end === -1) end = joined.length;
    let at = start;
    for (let k = 0; k < 6; k++) {
      at = joined.indexOf(JOINED_UNIT, at);
      if (at === -1 || at > end) return abandon(out);
      unit[k] = at++;
    }
    const extra = joined.indexOf(JOINED_UNIT, at);
    if (extra !== -1 && extra < end) return abandon(out);
    const u0 = unit[0]!,
      u1 = unit[1]!,
      u2 = unit[2]!,
      u3 = unit[3]!,
      u4 = unit[4]!,
      u5 = unit[5]!;
    out.add(
      `${formatTime(integerAt(joined, start, u0))},${csvText(joined.slice(u3 + 1, u4))},` +
        `${csvText(joined.slice(u4 + 1, u5))},${csvCallerId(joined.slice(u5 + 1, end))},` +
        `${formatBilledDuration(integerAt(joined, u0 + 1, u1))},${centicreditsAt(joined, u1 + 1, u2)},` +
        `${centicreditsAt(joined, u2 + 1, u3)}\r\n`,
    );
    start = end + 1;
  }
  // Every call read, and nothing left over: a record separator inside a text would leave more.
  return start === joined.length + 1 || (rows === 0 && joined === '') || abandon(out);
}

function abandon(out: CsvBytes): false {
  out.reset();
  return false;
}
