import { BUSINESS_TIME_ZONE } from '@enq/contract';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatPeriod = (start: string, end: string) => `${formatDate(start)} – ${formatDate(end)}`;
export const formatMoney = (dollars: number) =>
  dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
export const formatCredits = (credits: number) =>
  credits.toLocaleString('en-US', { maximumFractionDigits: 2 });
