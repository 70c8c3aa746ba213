/** The date-time pickers step in 15 minutes (CALL-05). */
export const CALL_DATE_STEP_MINUTES = 15;
/** Narrow screens, 565 px wide or less, always show Download and never the empty text (CALL-14, CALL-15). */
export const CALL_NARROW_MAX_PX = 565;
/** The pickers' display (CALL-06; date-fns tokens, as react-datepicker takes them). */
export const CALL_DATE_DISPLAY_FORMAT = 'MMMM d, yyyy h:mm aa';
