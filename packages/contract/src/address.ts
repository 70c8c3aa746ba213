import { z } from 'zod';

/** Country used when none is chosen (BILL-09). */
export const DEFAULT_COUNTRY = 'US';

export const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'state', 'postal_code', 'country'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Each field's placeholder; a blank required field shows '{placeholder} required' (BILL-29). */
export const ADDRESS_PLACEHOLDERS: Record<AddressField, string> = {
  line1: 'Address Line 1',
  line2: 'Address Line 2',
  city: 'Town or City',
  state: 'State',
  postal_code: 'Postal code',
  country: 'Country',
};

/** The exact messages (BILL-24..28): each is '{placeholder} required'. */
export const ADDRESS_MESSAGES = {
  line1: 'Address Line 1 required',
  city: 'Town or City required',
  state: 'State required',
  postal_code: 'Postal code required',
  country: 'Country required',
} as const;

const text = (max: number) => z.string().max(max);

/** An address as stored and sent; every field is a string, blank when unset. */
export const addressSchema = z
  .object({
    line1: text(200),
    line2: text(200),
    city: text(100),
    state: text(100),
    postal_code: text(20),
    country: text(2),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof addressSchema>;

export const emptyAddress = (): Address => ({
  line1: '',
  line2: '',
  city: '',
  state: '',
  postal_code: '',
  country: DEFAULT_COUNTRY,
});

/** A stored address (possibly null or partial) as the form edits it; a blank country becomes US. */
export function normalizeAddress(address: Partial<Address> | null | undefined): Address {
  const base = emptyAddress();
  if (!address) return base;
  const out = { ...base };
  for (const field of ADDRESS_FIELDS) {
    const value = address[field];
    if (typeof value === 'string') out[field] = value;
  }
  if (out.country.trim() === '') out.country = DEFAULT_COUNTRY;
  return out;
}

export type AddressErrors = Partial<Record<AddressField, string>>;

/**
 * The address rules (BILL-24..29), shared by the page and the server: line1, city, postal code
 * and country are required; state only when the country is US. Blank means empty after trimming.
 */
export function validateAddress(address: Address): AddressErrors {
  const errors: AddressErrors = {};
  const blank = (value: string) => value.trim() === '';
  if (blank(address.line1)) errors.line1 = ADDRESS_MESSAGES.line1;
  if (blank(address.city)) errors.city = ADDRESS_MESSAGES.city;
  if (blank(address.country)) errors.country = ADDRESS_MESSAGES.country;
  if (address.country.trim().toUpperCase() === 'US' && blank(address.state))
    errors.state = ADDRESS_MESSAGES.state;
  if (blank(address.postal_code)) errors.postal_code = ADDRESS_MESSAGES.postal_code;
  return errors;
}

export const isAddressComplete = (address: Partial<Address> | null | undefined): boolean =>
  !!address && Object.keys(validateAddress(normalizeAddress(address))).length === 0;

export const sameAddress = (a: Address, b: Address): boolean =>
  ADDRESS_FIELDS.every((field) => a[field] === b[field]);

/** US states, DC and territories for the state dropdown (BILL-10): code and name. */
export const US_STATES: readonly (readonly [string, string])[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AS', 'American Samoa'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['GU', 'Guam'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['MP', 'Northern Mariana Islands'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VI', 'U.S. Virgin Islands'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];
