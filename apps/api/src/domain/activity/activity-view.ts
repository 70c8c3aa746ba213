import {
  ACTIVITY_CSV_COLUMNS,
  ACTIVITY_FIELDS,
  ACTIVITY_TEXT,
  CSV_BOM,
  SYSTEM_ACTOR,
  activityFieldLabel,
  activityKindOf,
  activitySide,
  activityValueText,
  activityWhat,
  formatCallTime,
  neutraliseCell,
  type ActivityChange,
  type ActivityEntry,
} from '@enq/contract';
import type { ActivityRow } from './activity-repository';

type Flat = Map<string, unknown>;
/** Hold-music values to their track names. */
export type Names = ReadonlyMap<string, string>;
const NO_NAMES: Names = new Map();

/** An object's leaves by dotted path ('billing_address.city'); a non-object is one leaf at ''. */
function flatten(value: unknown, prefix = '', out: Flat = new Map()): Flat {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix || value !== null) {
    out.set(prefix, value);
  }
  return out;
}

const FIELD_ORDER = Object.keys(ACTIVITY_FIELDS);
const rank = (path: string) =>
  path
    .split('.')
    .map((part) => (FIELD_ORDER.includes(part) ? FIELD_ORDER.indexOf(part) : FIELD_ORDER.length));

/** Paths in the order a form shows its fields (ACTIVITY_FIELDS), unknown ones last. */
function byFieldOrder(a: string, b: string): number {
  const [x, y] = [rank(a), rank(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/** A value as a person reads it, with its unit; PINs arrive masked (the log never holds one in clear). */
function readable(value: unknown, path = ''): string {
  const empty = value === null || value === undefined || value === '';
  if (empty || (Array.isArray(value) && value.length === 0)) return ACTIVITY_TEXT.none;
  const withUnit = activityValueText(path, value);
  if (withUnit !== null) return withUnit;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/**
 * The fields a change changed, before and after, in plain words (ACT-02): a field that kept its value
 * is left out; an addition has only afters and a removal only befores.
 */
export function changedFields(before: unknown, after: unknown, names: Names = NO_NAMES): ActivityChange[] {
  const shown = (flat: Flat, path: string) => {
    const value = flat.get(path);
    // A hold-music track by its name in the catalogue, as the Users page lists it.
    return path.endsWith('hold_music') && typeof value === 'string' ? (names.get(value) ?? value) : value;
  };
  const a = flatten(before);
  const b = flatten(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort(byFieldOrder);
  return (
    paths
      // Compared as shown: a blank and a missing value are both '—', no change.
      .filter((path) => readable(a.get(path)) !== readable(b.get(path)))
      .map((path) => ({
        field: activityFieldLabel(path || 'value'),
        before: readable(shown(a, path), path),
        after: readable(shown(b, path), path),
      }))
  );
}

/** Who made a change: their name, 'A removed user' once they are gone, 'enQ' (or 'enQ billing') for the system's own. */
function whoOf(row: ActivityRow): string {
  if (!row.actor_person_id)
    return row.action.startsWith('system.') ? SYSTEM_ACTOR.name : ACTIVITY_TEXT.system;
  // A change the operator console made reads as made by enQ support, not by a removed person.
  if (row.actor_is_staff) return ACTIVITY_TEXT.staff;
  return row.actor_name ?? ACTIVITY_TEXT.removedPerson;
}

/** The person a change is about, by name; a removed one by the name the log kept. */
function aboutOf(row: ActivityRow): string {
  if (!row.target_person_id || row.target_person_id === row.actor_person_id) return '';
  if (row.target_name) return row.target_name;
  const kept = (row.after ?? row.before) as { full_name?: unknown } | null;
  return typeof kept?.full_name === 'string' ? kept.full_name : ACTIVITY_TEXT.removedPerson;
}

export function activityEntry(row: ActivityRow, names: Names = NO_NAMES): ActivityEntry {
  const at = new Date(row.at);
  return {
    id: row.id,
    at: at.toISOString(),
    when: formatCallTime(Math.floor(at.getTime() / 1000)),
    who: whoOf(row),
    what: activityWhat(row.action),
    about: aboutOf(row),
    kind: activityKindOf(row.action),
    changes: changedFields(row.before, row.after, names),
  };
}

const cell = (value: string) => {
  const safe = neutraliseCell(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The entries as CSV (ACT-06): the list's columns, one row a change, befores and afters in a cell each. */
export function activityCsv(entries: ActivityEntry[]): string {
  const lines = [ACTIVITY_CSV_COLUMNS.join(',')];
  for (const e of entries)
    lines.push(
      [e.when, e.who, e.what, e.about, activitySide(e.changes, 'before'), activitySide(e.changes, 'after')]
        .map(cell)
        .join(','),
    );
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
