import {
  emailKey,
  isValidEmail,
  textProblem,
  USERS_CSV_COLUMNS,
  USERS_CSV_EXAMPLE,
  USERS_CSV_MAX_ROWS,
  USERS_ERRORS,
  USERS_NEW_ROW_MIN_NAME_LENGTH,
  type CsvRowError,
  type HoldMusic,
  type PortalEnvironment,
} from '@enq/contract';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/**
 * The template: the header row the upload expects (hold_music may be a track's name or value) and the
 * example row, with the default track's name.
 */
export function usersCsvTemplate(defaultTrackName: string): string {
  // Like every CSV the portal makes: a byte-order mark and CRLF line ends, for spreadsheet programs.
  return stringify(
    [[...USERS_CSV_COLUMNS], [USERS_CSV_EXAMPLE.full_name, USERS_CSV_EXAMPLE.email, defaultTrackName]],
    { bom: true, record_delimiter: 'windows' },
  );
}

/** The template's example row, left in the file: not a person to add. */
const isExampleRow = (fullName: string, email: string) =>
  fullName.toLowerCase() === USERS_CSV_EXAMPLE.full_name.toLowerCase() &&
  emailKey(email) === emailKey(USERS_CSV_EXAMPLE.email);

export interface CsvUser {
  full_name: string;
  email: string;
  hold_music: string;
}

export type CsvParseResult =
  { ok: true; users: CsvUser[] } | { ok: false; message: string; errors: CsvRowError[] };

const headerKey = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * Reads an uploaded users CSV in the template's format. Every row is checked with the page's rules
 * (row 1 is the header); any bad row refuses the whole file, so nothing is half-imported.
 */
export function parseUsersCsv(
  text: string,
  ctx: {
    environment: PortalEnvironment;
    adminEmail: string;
    existingEmails: ReadonlySet<string>;
    catalogue: HoldMusic[];
    defaultHoldMusic: string;
  },
): CsvParseResult {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as never;
  } catch (error) {
    return { ok: false, message: `The file is not a readable CSV: ${(error as Error).message}`, errors: [] };
  }
  const [head, ...all] = records;
  const header = (head?.record ?? []).map(headerKey);
  const col = (name: string) => header.indexOf(name);
  const rows = all.filter(
    ({ record }) =>
      !isExampleRow((record[col('full_name')] ?? '').trim(), (record[col('email')] ?? '').trim()),
  );
  if (col('full_name') < 0 || col('email') < 0) {
    return {
      ok: false,
      message: `The first row must name the columns ${USERS_CSV_COLUMNS.join(', ')}, as in the template.`,
      errors: [],
    };
  }
  if (rows.length === 0) return { ok: false, message: 'The file has no users to add.', errors: [] };
  if (rows.length > USERS_CSV_MAX_ROWS) {
    return { ok: false, message: `A file may add at most ${USERS_CSV_MAX_ROWS} users.`, errors: [] };
  }
  const byName = new Map(
    ctx.catalogue.flatMap((t) => [
      [t.value.toLowerCase(), t.value],
      [t.name.toLowerCase(), t.value],
    ]),
  );
  const seen = new Map<string, number>();
  const users: CsvUser[] = [];
  const errors: CsvRowError[] = [];
  for (const { record, info } of rows) {
    const row = info.lines;
    const cell = (name: string) => (col(name) >= 0 ? (record[col(name)] ?? '').trim() : '');
    const full_name = cell('full_name');
    const email = cell('email');
    const music = cell('hold_music');
    const problems: string[] = [];
    if (!full_name) problems.push(USERS_ERRORS.fullNameRequired);
    else if (full_name.length < USERS_NEW_ROW_MIN_NAME_LENGTH) problems.push(USERS_ERRORS.fullNameTooShort);
    // A file is read outside the request validator: the text rule is applied here, cell by cell.
    for (const [label, value] of [
      ['Full name', full_name],
      ['Email', email],
      ['Hold music', music],
    ] as const) {
      const problem = textProblem(value);
      if (problem) problems.push(`${label} ${problem}`);
    }
    if (!email) problems.push(USERS_ERRORS.emailRequired);
    else if (!isValidEmail(email, ctx.environment)) problems.push(USERS_ERRORS.emailInvalid);
    else if (emailKey(email) === emailKey(ctx.adminEmail)) problems.push(USERS_ERRORS.adminEmail);
    else if (ctx.existingEmails.has(emailKey(email))) problems.push(USERS_ERRORS.emailExists);
    else if (seen.has(emailKey(email)))
      problems.push(`${USERS_ERRORS.emailExists} (also on row ${seen.get(emailKey(email))})`);
    const holdMusic = music ? byName.get(music.toLowerCase()) : ctx.defaultHoldMusic;
    if (!holdMusic) problems.push(USERS_ERRORS.holdMusicUnknown);
    if (email && !seen.has(emailKey(email))) seen.set(emailKey(email), row);
    for (const message of problems) errors.push({ row, message: `Row ${row}: ${message}` });
    if (problems.length === 0) users.push({ full_name, email, hold_music: holdMusic! });
  }
  if (errors.length > 0) {
    const bad = new Set(errors.map((e) => e.row)).size;
    return {
      ok: false,
      message: `${bad} ${bad === 1 ? 'row has' : 'rows have'} errors; no users were added. Fix them and upload the file again.`,
      errors,
    };
  }
  return { ok: true, users };
}
