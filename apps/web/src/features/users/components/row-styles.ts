/** Classes shared by the Users table's rows. */
export const iconButton =
  'focus-ring inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:cursor-not-allowed disabled:opacity-40';
// Narrower sides on wide screens: seven columns share the width, and whole emails need most of it.
// On phones a cell is a place in its row's card (phoneCell): the card's gaps space it, not padding.
export const cellClass = 'px-3 py-2 align-top lg:px-2 max-sm:p-0';

/**
 * Below 640 px each user is a card of three lines instead of seven label-and-value lines (about 140
 * px, not 300): the select box beside the name with Edit and delete at its end, the email under the
 * name at the card's width, then the PIN with its change control beside the hold music. The select
 * box sits in the first column, at the height of the name's text. Every control keeps the name it
 * has in the table, so nothing a screen reader says depends on the width.
 */
export const phoneCard =
  'max-sm:grid max-sm:grid-cols-[1.25rem_auto_minmax(0,1fr)_auto_auto] max-sm:items-start max-sm:gap-x-2 max-sm:gap-y-2 max-sm:border-b max-sm:border-slate-200 max-sm:px-3 max-sm:py-3 max-sm:last:border-b-0';

/** Each cell's place in a phone card (grid lines of phoneCard's five columns). */
export const phoneCell = {
  select: 'max-sm:col-start-1 max-sm:row-start-1',
  name: 'max-sm:col-[2/4] max-sm:row-start-1',
  edit: 'max-sm:col-start-4 max-sm:row-start-1',
  remove: 'max-sm:col-start-5 max-sm:row-start-1',
  email: 'max-sm:col-[2/6] max-sm:row-start-2',
  pin: 'max-sm:col-start-2 max-sm:row-start-3',
  music: 'max-sm:col-[3/6] max-sm:row-start-3',
} as const;

/** Edit as a bare pencil where room is short (phones, and wide screens' seven columns); its word between. */
export const editButton = `${iconButton} w-auto gap-1 px-2 max-sm:w-8 max-sm:px-0`;
export const editWord = 'max-sm:sr-only lg:sr-only';
