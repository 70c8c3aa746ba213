// The lines domain's entry: routes and other domain folders import from here, never a file inside.
export { CATALOGUE_LINES } from './line-catalogue';
export type { CatalogueLine } from './line-catalogue';
export { findPinHolder, listLineMarkets } from './lines-repository';
export { loadLinesData } from './lines-page';
export type { LineMarket, PinHolder } from './lines-repository';
export { buildVcard } from './vcard';
