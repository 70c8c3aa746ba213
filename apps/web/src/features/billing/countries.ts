import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(en);

/** The ISO 3166-1 alpha-2 codes with their English names, sorted by name (BILL-08). */
export const COUNTRY_OPTIONS: { code: string; name: string }[] = Object.entries(
  countries.getNames('en', { select: 'official' }),
)
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));
