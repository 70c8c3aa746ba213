import { USERS_SHOW_ALL_LABEL } from '@enq/contract';
import { Plus, Search, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import type { PerPage } from '../users-state';
import { USERS_PER_PAGE_CHOICES } from '../users-settings';

export interface UsersToolbarProps {
  search: string;
  limit: PerPage;
  totalUsers: number;
  canAdd: boolean;
  showAdd: boolean;
  onAdd: () => void;
  onSearch: (query: string) => void;
  onLimit: (limit: PerPage) => void;
}

/** Add, Search with its clear (×) button, and Per page (USR-04, USR-05). */
export function UsersToolbar({
  search,
  limit,
  totalUsers,
  canAdd,
  showAdd,
  onAdd,
  onSearch,
  onLimit,
}: UsersToolbarProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      {showAdd ? (
        <Button onClick={onAdd} disabled={!canAdd}>
          <Plus aria-hidden="true" className="size-4" />
          Add
        </Button>
      ) : null}
      <div className="relative flex-1 sm:max-w-sm">
        <label htmlFor="users-search" className="sr-only">
          Search
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <Input
          id="users-search"
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder="Search by name, email or PIN"
          className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {search ? (
          <button
            type="button"
            onClick={() => onSearch('')}
            aria-label="Clear search"
            className="focus-ring absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-500 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
      <div className="flex items-center gap-2 sm:ml-auto">
        <label htmlFor="users-per-page" className="text-sm font-medium text-slate-700">
          Per page
        </label>
        <Select
          id="users-per-page"
          value={limit === 'all' ? 'all' : String(limit)}
          onChange={(event) => onLimit(event.target.value === 'all' ? 'all' : Number(event.target.value))}
        >
          {USERS_PER_PAGE_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
          <option value="all">
            {USERS_SHOW_ALL_LABEL} ({totalUsers})
          </option>
        </Select>
      </div>
    </div>
  );
}
