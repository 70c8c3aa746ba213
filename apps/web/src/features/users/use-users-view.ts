import { useCallback, useMemo } from 'react';
import { currentEnvironment } from '../../lib/environment';
import { filteredRows, pagination, selectionInfo, summarize, validationContext } from './users-selectors';
import type { UsersState } from './users-state';

/** What the Users page draws from its state: the page of rows, validation, the save summary, selection. */
export function useUsersView(state: UsersState, saving: boolean) {
  const environment = currentEnvironment();
  const rows = useMemo(() => filteredRows(state), [state]);
  const p = pagination(state, rows);
  const visible = useMemo(() => rows.slice(p.start, p.end), [rows, p.start, p.end]);
  // Validation and the save summary follow the rows, not the search or the page: a keystroke in the
  // search box must not re-check 10,000 users.
  const { rows: allRows, saved, savedAdmin, admin } = state;
  const ctx = useMemo(
    () => validationContext({ rows: allRows, savedAdmin }, environment),
    [allRows, savedAdmin, environment],
  );
  const summary = useMemo(
    () => summarize({ rows: allRows, saved, admin }, ctx, saving),
    [allRows, saved, admin, ctx, saving],
  );
  const selection = selectionInfo(state, visible);
  const inlineRow = state.rows.find((r) => r.inline) ?? null;
  const byKey = useCallback((key: string) => state.rows.find((r) => r.key === key), [state.rows]);
  return { environment, p, visible, ctx, summary, selection, inlineRow, byKey };
}

export type UsersView = ReturnType<typeof useUsersView>;
