import { describe, expect, it } from 'vitest';
import { CARD_ERROR_CLEAR_MS } from './features/billing/card-errors';
import {
  CALL_DATE_DISPLAY_FORMAT,
  CALL_DATE_STEP_MINUTES,
  CALL_NARROW_MAX_PX,
} from './features/call-history/call-history-settings';
import { RATE_CHART_COLORS, RATE_CHART_HEIGHT } from './features/call-rates/rate-chart-settings';
import { INVOICES_PAGE_SIZE } from './features/invoices/invoices-settings';
import { PASSWORD_RESET_LOGOUT_DELAY_MS } from './features/profile/profile-settings';
import {
  USERS_DEFAULT_PER_PAGE,
  USERS_DIALOG_LIST_MAX_HEIGHT_PX,
  USERS_INLINE_ADD_MIN_WIDTH,
  USERS_PER_PAGE_CHOICES,
} from './features/users/users-settings';

// Settings only the page uses, kept beside the features that use them.
describe('page settings', () => {
  it('BILL-38 the inline card error clears after 4 seconds', () => {
    expect(CARD_ERROR_CLEAR_MS).toBe(4000);
  });
  it('INV-02 invoices page 10 to a page', () => {
    expect(INVOICES_PAGE_SIZE).toBe(10);
  });
  it('CALL-05 CALL-06 pickers step 15 minutes and show MMMM d, yyyy h:mm aa', () => {
    expect(CALL_DATE_STEP_MINUTES).toBe(15);
    expect(CALL_DATE_DISPLAY_FORMAT).toBe('MMMM d, yyyy h:mm aa');
  });
  it('CALL-14 CALL-15 narrow screens are 565 px wide or less', () => {
    expect(CALL_NARROW_MAX_PX).toBe(565);
  });
  it('PROF-18 a password reset signs out after 3 seconds', () => {
    expect(PASSWORD_RESET_LOGOUT_DELAY_MS).toBe(3000);
  });
  it('RATE-05 RATE-06 27 distinct colours, 700 high', () => {
    expect(RATE_CHART_COLORS).toHaveLength(27);
    expect(new Set(RATE_CHART_COLORS).size).toBe(27);
    expect(RATE_CHART_HEIGHT).toBe(700);
  });
  it('USR-05 per-page choices are 10, 25, 50, 100 and Show All, 10 by default', () => {
    expect(USERS_PER_PAGE_CHOICES).toEqual([10, 25, 50, 100]);
    expect(USERS_DEFAULT_PER_PAGE).toBe(10);
  });
  it('USR-32 USR-80 breakpoint 1200, dialog lists 350 px', () => {
    expect(USERS_INLINE_ADD_MIN_WIDTH).toBe(1200);
    expect(USERS_DIALOG_LIST_MAX_HEIGHT_PX).toBe(350);
  });
});
