// The signed-in portal's frame, the same in the layout (account-layout.tsx) and the outline index.html
// paints first (index.html writes the two boxes' classes out; its test holds them to these).

/**
 * The sidebar: from 1024 px a 96 px rail, each screen's name under its icon, and from 1280 px (xl)
 * 256 px with the names beside the icons. The names show at every width (SHELL-15 lists the screens by
 * name); the rail stays narrow because between 1024 and 1279 px the screens need the room: the Users
 * table's row of fields is 944 px wide.
 */
export const SIDEBAR_BOX =
  'sticky top-16 hidden h-[calc(100vh-4rem)] w-24 shrink-0 overflow-y-auto bg-navy-900 px-1.5 py-4 lg:block xl:w-64 xl:px-3 xl:py-6';

/** A sidebar item: its name beside its icon, or on the rail (1024-1279 px) under it, in small type. */
export const SIDEBAR_ITEM =
  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium lg:max-xl:flex-col lg:max-xl:gap-1 lg:max-xl:px-1 lg:max-xl:py-1.5 lg:max-xl:text-[11px] lg:max-xl:leading-tight';

/** A sidebar item's name: on the rail centred under the icon, two words on two lines if they must. */
export const SIDEBAR_LABEL = 'lg:max-xl:text-center';

/** The screen beside the sidebar: its margins widen with the screen, most once the sidebar has its labels. */
export const MAIN_BOX = 'min-w-0 flex-1 px-4 py-6 sm:px-6 lg:py-8 xl:px-10';
