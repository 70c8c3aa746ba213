/** Classes shared by the Users table's rows. */
export const iconButton =
  'focus-ring inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:cursor-not-allowed disabled:opacity-40';
// Narrower sides on wide screens: seven columns share the width, and whole emails need most of it.
export const cellClass = 'px-3 py-2 align-top lg:px-2';
