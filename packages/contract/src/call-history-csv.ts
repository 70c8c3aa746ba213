import { CALL_COLUMNS } from './call-history';

// The call history's CSV download (CALL-13..15, API-14..15).

export const CALL_HISTORY_DEFAULT_FILENAME = 'call-history.csv';
/** Calls-CSV downloads one account may run at once (issue 17); the next is answered 429. */
export const CALL_DOWNLOADS_PER_ACCOUNT = 2;
/** The 429's message when they all run. */
export const CALL_DOWNLOADS_BUSY =
  'Two downloads of your call history are already running. Please wait for one to finish.';

/**
 * The CSV's columns: the table's, with the duration as two numbers a spreadsheet keeps as numbers (the
 * table's '8:33' is read as a time of day): whole seconds, and minutes to two decimals.
 */
const csvColumns = (columns: typeof CALL_COLUMNS) =>
  [
    ...columns.slice(0, 4),
    'Billed Duration (seconds)',
    'Billed Duration (minutes)',
    ...columns.slice(5),
  ] as const;
// Marked pure: a page that only needs the file name leaves the columns, and the date library behind
// CALL_COLUMNS, out of its first load (a bare spread counts as a side effect to the bundler).
export const CALL_CSV_COLUMNS = /* @__PURE__ */ csvColumns(CALL_COLUMNS);
