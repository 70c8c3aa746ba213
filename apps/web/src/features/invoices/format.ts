import { BUSINESS_TIME_ZONE } from '@enq/contract';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
/** The period text is the contract's, so Call History names a billing period the same way. */
export { formatPeriod } from '@enq/contract';
export const formatMoney = (dollars: number) =>
  dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
export const formatCredits = (credits: number) =>
  credits.toLocaleString('en-US', { maximumFractionDigits: 2 });
