/** Per page choices besides Show All (USR-05), and the default (10). */
export const USERS_PER_PAGE_CHOICES = [10, 25, 50, 100] as const;
export const USERS_DEFAULT_PER_PAGE = 10;
/** From this width Add appends an inline row (USR-32); below it Add opens a modal (USR-35). */
export const USERS_INLINE_ADD_MIN_WIDTH = 1200;
/** Dialog lists scroll past this height (USR-80). */
export const USERS_DIALOG_LIST_MAX_HEIGHT_PX = 350;
