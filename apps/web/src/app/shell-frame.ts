// The signed-in portal's frame, the same in the layout (account-layout.tsx) and the outline index.html
// paints first (index.html writes the two boxes' classes out; its test holds them to these).

/**
 * The sidebar: from 1024 px a rail of icons, and from 1280 px (xl) their labels beside them. Between
 * the two the screens need the room: the Users table's row of fields is 944 px wide.
 */
export const SIDEBAR_BOX =
  'sticky top-16 hidden h-[calc(100vh-4rem)] w-18 shrink-0 overflow-y-auto bg-navy-900 px-3 py-6 lg:block xl:w-64';

/** A sidebar item: its label beside its icon, or on the rail (1024-1279 px) centred alone. */
export const SIDEBAR_ITEM =
  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium lg:max-xl:justify-center lg:max-xl:px-0';

/** A sidebar item's label: read out at every width, shown except on the rail (the menu drawer shows it). */
export const SIDEBAR_LABEL = 'lg:max-xl:sr-only';

/** The screen beside the sidebar: its margins widen with the screen, most once the sidebar has its labels. */
export const MAIN_BOX = 'min-w-0 flex-1 px-4 py-6 sm:px-6 lg:py-8 xl:px-10';
