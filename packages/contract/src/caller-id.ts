import type { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * libphonenumber-js's parser, passed in rather than imported: the library is large, and a page loads
 * it only for a number that needs it (apps/web's features/call-history/use-caller-ids.ts).
 */
export type PhoneParser = typeof parsePhoneNumberFromString;

/**
 * A North American number in E.164 whose area code starts with 2-9, the form nearly every caller ID
 * takes: libphonenumber writes all of them "(NPA) NXX-XXXX", and parsing them cost a traced
 * 4x-throttled Call History page about 110 ms of its 25 rows' render, so these are written directly;
 * the test holds them to the library's answer.
 */
const NORTH_AMERICAN = /^\+1([2-9]\d\d)(\d{3})(\d{4})$/;
// The library reads a number from digits of any script (Arabic-Indic, fullwidth...); with none, it finds none.
const ANY_DIGIT = /\p{Nd}/u;

/**
 * A caller ID as far as it is written without the library: North American numbers in national form
 * "(202) 555-0100", a word the network sent ("anonymous") as it is; undefined for any other number.
 */
export function formatCallerIdAtOnce(value: string): string | undefined {
  const nanp = NORTH_AMERICAN.exec(value);
  if (nanp) return `(${nanp[1]}) ${nanp[2]}-${nanp[3]}`;
  return ANY_DIGIT.test(value) ? undefined : value;
}

/**
 * A caller ID as people read phone numbers: North American numbers in national form, others in
 * international form; a word, or digits that are no possible number, as they are.
 */
export function formatCallerId(value: string, parse: PhoneParser): string {
  const atOnce = formatCallerIdAtOnce(value);
  if (atOnce !== undefined) return atOnce;
  const phone = parse(value);
  if (!phone?.isPossible()) return value;
  return phone.countryCallingCode === '1' ? phone.formatNational() : phone.formatInternational();
}
