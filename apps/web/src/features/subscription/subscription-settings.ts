/** After a successful change, renewal or cancellation the page reloads after this delay (SUB-08). */
export const SUBSCRIPTION_RELOAD_DELAY_MS = 1000;
