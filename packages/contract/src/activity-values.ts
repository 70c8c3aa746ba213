import { formatCreditsFixed, formatMoney } from './format';
import { formatPhoneForDisplay } from './profile';

// How the Activity view (and the console's copy of it) writes a logged value that has a unit: a
// figure is written as the screen that set it writes it, so "Spending cap: $50.00", not "50". Kept
// apart from activity.ts so that the page's texts do not bring libphonenumber along.

const dollars = (value: number) => formatMoney(value);
const credits = (value: number) => `${formatCreditsFixed(value)} credits`;
const percent = (value: number) => `${value}%`;

/** By a logged field's last path part; a list is written item by item, joined with commas. */
const NUMBER_FORMATS: Record<string, (value: number) => string> = {
  spending_cap: dollars,
  overage_thresholds: dollars,
  forecast_thresholds: dollars,
  percent_thresholds: percent,
  monthly_credit_limit: credits,
};

/**
 * A logged value with its unit, or null when the field has none (the caller writes it plainly):
 * dollar amounts as money, credit limits in credits with two decimals, percentages with '%', and a
 * phone number in the one display format (national for US numbers).
 */
export function activityValueText(path: string, value: unknown): string | null {
  const leaf = path.split('.').at(-1) ?? '';
  if (leaf === 'phone_number' && typeof value === 'string' && value.trim() !== '')
    return formatPhoneForDisplay(value);
  const format = NUMBER_FORMATS[leaf];
  if (!format) return null;
  if (typeof value === 'number') return format(value);
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'number'))
    return value.map((v: number) => format(v)).join(', ');
  return null;
}
