/** After a successful password reset the portal signs out after this long (PROF-18). */
export const PASSWORD_RESET_LOGOUT_DELAY_MS = 3000;
