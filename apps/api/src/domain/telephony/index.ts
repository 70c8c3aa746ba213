// The telephony domain's entry: routes and other domain folders import from here, never a file inside.
export { authorizeCall } from './authorize';
export { ingestCalls } from './ingest';
