import type { HoldMusic, User, ValidationContext } from '@enq/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useAfterFirstPaint } from '../../../lib/use-after-first-paint';
import { rowErrors, type Pagination } from '../users-selectors';
import type { EditableField, UserRow } from '../users-state';
import { AdminRow, type AdminActions } from './admin-row';
import { UserRowView } from './user-row';

/** Above this many rows on one page the table renders only the rows in view. */
const VIRTUALIZE_ABOVE = 100;
/** A table row's height from 640 px (32 px controls and their padding; 49 px in Chromium). */
const ROW_HEIGHT = 49;
/** A phone card's height (row-styles.ts phoneCard): three lines of 32 px controls. */
const CARD_HEIGHT = 137;
/**
 * The rows the table's first render draws; the rest follow in a task of their own, after the page's
 * first paint, in the space kept for them. About a phone's first screen of cards: drawn with the rest
 * of the page, all ten rows made the first render's task 30-44 ms longer at Lighthouse's 4x CPU.
 */
const FIRST_ROWS = 4;

/** What a sub-account user's row can do; stable callbacks, so memoised rows are not drawn again. */
export interface RowActions {
  onEdit: (key: string, field: EditableField, value: string) => void;
  onToggle: (key: string) => void;
  onOpenEdit: (key: string) => void;
  onRemove: (key: string) => void;
  onChangePin: (key: string) => void;
}

export interface UsersTableProps {
  admin: User & { updated: boolean };
  rows: UserRow[];
  list: HoldMusic[];
  ctx: ValidationContext;
  saved: ReadonlyMap<string, User>;
  selected: ReadonlySet<string>;
  /** all: saving or an inactive subscription; select: a new row waits to be saved; pin: PIN changes wait. */
  lock: { all: boolean; select: boolean; pin: boolean };
  /** What the empty list says: no search match, or a plan without sub-account users. */
  emptyText: string;
  /** A row is being added inline: all other rows wait (USR-34). */
  inlineKey: string | null;
  /** The header checkbox: selects the users on this page. */
  header: { checked: boolean; indeterminate: boolean; onChange: (on: boolean) => void };
  adminActions: AdminActions;
  rowActions: RowActions;
}

const headClass = 'px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase';

export function UsersTable(props: UsersTableProps) {
  const { rows, inlineKey, lock, header, rowActions } = props;
  const locked = lock.all;
  const scroller = useRef<HTMLDivElement>(null);
  const headerBox = useRef<HTMLInputElement>(null);
  const virtual = rows.length > VIRTUALIZE_ABOVE;
  const phone = useMediaQuery(PHONE_QUERY);
  const painted = useAfterFirstPaint();
  const rowHeight = phone ? CARD_HEIGHT : ROW_HEIGHT;
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    // Off, it does not measure the scroller either: on mount that read forced the page's whole layout
    // inside the render's commit (82-110 ms of a 106-149 ms task at 4x CPU).
    enabled: virtual,
    count: virtual ? rows.length : 0,
    getScrollElement: () => scroller.current,
    // The space kept for the rows out of view: cards on phones are taller than the table's rows.
    estimateSize: () => rowHeight,
    // Every row kept beyond the view is updated on each keystroke: 8 each way took 54 ms, 3 took 34.
    overscan: 3,
    getItemKey: (index) => rows[index]?.key ?? index,
  });
  useEffect(() => {
    if (virtual) virtualizer.measure();
  }, [phone, virtual, virtualizer]);
  useEffect(() => {
    if (headerBox.current) headerBox.current.indeterminate = header.indeterminate;
  }, [header.indeterminate]);
  // A row added inline is appended last, outside the drawn window of a long list: bring it into view so
  // it is drawn and its name field can take the focus (centred: the save bar covers the bottom).
  const inlineIndex = inlineKey === null ? -1 : rows.findIndex((r) => r.key === inlineKey);
  useEffect(() => {
    if (virtual && inlineIndex >= 0) virtualizer.scrollToIndex(inlineIndex, { align: 'center' });
  }, [virtual, inlineIndex, virtualizer]);

  const items = virtual ? virtualizer.getVirtualItems() : [];
  const shown = virtual
    ? items.map((item) => ({ row: rows[item.index]!, index: item.index }))
    : rows.slice(0, painted ? rows.length : FIRST_ROWS).map((row, index) => ({ row, index }));
  // The space of the rows not drawn: out of view (virtual), or not drawn yet (the first render).
  const last = items.at(-1);
  const notDrawnYet = virtual ? 0 : (rows.length - shown.length) * rowHeight;
  const padTop = items[0]?.start ?? 0;
  const padBottom = last ? virtualizer.getTotalSize() - last.end : notDrawnYet;

  // A virtual table always fills its fixed height, so it can be a layout and paint boundary: rows
  // changing inside do not lay out the rest of the page. Positioned, so that the table's screen-reader
  // texts (absolute) are clipped by it: unclipped, they widened the page below 1280 px.
  return (
    <div
      ref={scroller}
      data-testid="users-table-scroller"
      className={`relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 ${virtual ? 'h-[70vh] overflow-y-auto [contain:strict]' : ''}`}
    >
      {/* Phones read each row as a card (phoneCard in row-styles.ts): the table, its body and its head
          are blocks there, and the head keeps only its select box, with its words beside it. */}
      <table className="w-full border-separate border-spacing-0 text-sm max-sm:block sm:min-w-[860px]">
        <caption className="sr-only">Users: the admin user first, then the sub-account users</caption>
        <thead className="sticky top-0 z-10 bg-slate-50 max-sm:static max-sm:block">
          <tr className="max-sm:block">
            <th
              scope="col"
              className={`${headClass} w-10 border-b border-slate-200 max-sm:flex max-sm:w-auto max-sm:items-center max-sm:gap-2 max-sm:normal-case max-sm:tracking-normal`}
            >
              <input
                ref={headerBox}
                type="checkbox"
                checked={header.checked}
                disabled={lock.select || locked || rows.length === 0}
                onChange={(event) => header.onChange(event.target.checked)}
                aria-label="Select all users on this page"
                className="focus-ring size-4 rounded border-slate-300 accent-brand-600"
              />
              <span aria-hidden="true" className="hidden font-medium max-sm:inline">
                Select all users on this page
              </span>
            </th>
            <th scope="col" className={`${headClass} border-b border-slate-200 max-sm:sr-only`}>
              PIN
            </th>
            <th scope="col" className={`${headClass} border-b border-slate-200 max-sm:sr-only`}>
              Full name
            </th>
            <th scope="col" className={`${headClass} border-b border-slate-200 max-sm:sr-only`}>
              Email
            </th>
            <th scope="col" className={`${headClass} border-b border-slate-200 max-sm:sr-only`}>
              Hold music
            </th>
            <th scope="col" className={`${headClass} border-b border-slate-200 max-sm:sr-only`}>
              Actions
            </th>
            <th scope="col" className={`${headClass} border-b border-slate-200 max-sm:sr-only`}>
              <span className="sr-only">Delete</span>
            </th>
          </tr>
        </thead>
        <tbody className="[&>tr>td]:border-b [&>tr>td]:border-slate-100 max-sm:block max-sm:[&>tr>td]:border-b-0">
          <AdminRow
            admin={props.admin}
            list={props.list}
            locked={locked || inlineKey !== null}
            pinLocked={lock.pin}
            actions={props.adminActions}
          />
          {padTop > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={7} style={{ height: padTop, padding: 0 }} />
            </tr>
          ) : null}
          {shown.map(({ row, index }, slot) => {
            const rowLocked = locked || (inlineKey !== null && row.key !== inlineKey);
            // Keyed by place, not by user: when a search or a scroll changes who is shown, the rows'
            // elements are reused. Mounting a row costs a style and layout pass per hold-music option
            // in Chromium: keyed by user, a search keystroke over 10,000 users took 65 ms, by place 54.
            return (
              <UserRowView
                key={slot}
                row={row}
                index={index}
                errors={rowErrors(row, props.ctx, props.saved.get(row.key))}
                list={props.list}
                selected={props.selected.has(row.key)}
                locked={rowLocked}
                selectLocked={lock.select || locked}
                pinLocked={lock.pin}
                autoFocus={row.key === inlineKey}
                {...rowActions}
              />
            );
          })}
          {padBottom > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={7} style={{ height: padBottom, padding: 0 }} />
            </tr>
          ) : null}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={7} className="px-3 py-8 text-center text-slate-500">
                {props.emptyText}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

/** The page-range label, and '<' '>' page links only when there is more than one page (USR-15, USR-16). */
export function UsersPager({ p, onPage }: { p: Pagination; onPage: (page: number) => void }) {
  const pages = pageList(p.page, p.totalPages);
  return (
    <div className="mt-3 flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-slate-600" data-testid="page-label">
        {p.pageLabel}
      </p>
      {p.totalPages > 1 ? (
        <nav aria-label="Pages" className="flex items-center gap-1">
          <PageLink
            label="<"
            aria="Previous page"
            disabled={p.page === 0}
            onClick={() => onPage(p.page - 1)}
          />
          {pages.map((n, i) =>
            n === null ? (
              <span key={`gap${i}`} className="px-1 text-slate-400">
                …
              </span>
            ) : (
              <PageLink
                key={n}
                label={String(n + 1)}
                aria={`Page ${n + 1}`}
                current={n === p.page}
                onClick={() => onPage(n)}
              />
            ),
          )}
          <PageLink
            label=">"
            aria="Next page"
            disabled={p.page >= p.totalPages - 1}
            onClick={() => onPage(p.page + 1)}
          />
        </nav>
      ) : null}
    </div>
  );
}

function pageList(page: number, total: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let n = 0; n < total; n++) {
    if (n === 0 || n === total - 1 || Math.abs(n - page) <= 1) out.push(n);
    else if (out.at(-1) !== null) out.push(null);
  }
  return out;
}

function PageLink({
  label,
  aria,
  current = false,
  disabled = false,
  onClick,
}: {
  label: string;
  aria: string;
  current?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={aria}
      aria-current={current ? 'page' : undefined}
      disabled={disabled}
      onClick={onClick}
      className={`focus-ring min-w-8 rounded-md px-2 py-1 text-sm font-medium ${current ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100 disabled:text-slate-300'}`}
    >
      {label}
    </button>
  );
}
