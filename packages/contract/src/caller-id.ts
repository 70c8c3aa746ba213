import { parsePhoneNumberFromString } from 'libphonenumber-js';

// Its own module: libphonenumber-js is large, and only the pages that show phone numbers load it.

/**
 * A North American number in E.164 whose area code starts with 2-9, the form nearly every caller ID
 * takes: libphonenumber writes all of them "(NPA) NXX-XXXX", and parsing them cost a traced
 * 4x-throttled Call History page about 110 ms of its 25 rows' render, so these are written directly;
 * the test holds them to the library's answer.
 */
const NORTH_AMERICAN = /^\+1([2-9]\d\d)(\d{3})(\d{4})$/;

/**
 * A caller ID as people read phone numbers: North American numbers in national form "(202) 555-0100",
 * others in international form; a word the network sent ("anonymous") as it is.
 */
export function formatCallerId(value: string): string {
  const nanp = NORTH_AMERICAN.exec(value);
  if (nanp) return `(${nanp[1]}) ${nanp[2]}-${nanp[3]}`;
  const phone = parsePhoneNumberFromString(value);
  if (!phone?.isPossible()) return value;
  return phone.countryCallingCode === '1' ? phone.formatNational() : phone.formatInternational();
}
