import { parsePhoneNumberFromString } from 'libphonenumber-js';

// Its own module: libphonenumber-js is large, and only the pages that show phone numbers load it.
/**
 * A caller ID as people read phone numbers: North American numbers in national form "(202) 555-0100",
 * others in international form; a word the network sent ("anonymous") as it is.
 */
export function formatCallerId(value: string): string {
  const phone = parsePhoneNumberFromString(value);
  if (!phone?.isPossible()) return value;
  return phone.countryCallingCode === '1' ? phone.formatNational() : phone.formatInternational();
}
