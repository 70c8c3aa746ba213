// The people domain's entry: routes and other domain folders import from here, never a file inside.
export { randomPin } from './pin';
