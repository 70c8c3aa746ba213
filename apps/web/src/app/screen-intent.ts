import type { QueryClient } from '@tanstack/react-query';
import { loadScreen } from './screen-code';
import { prefetchScreenAnswers } from './screen-data';

/**
 * A link to a screen is about to be followed (pointed at, touched or focused): its code and first
 * answers are fetched now, so the screen is there, or nearly, when the click lands. A screen's code
 * is fetched once; answers already fresh are not asked again. Failures show when the screen asks.
 */
export function prepareScreen(client: QueryClient, pathname: string): void {
  loadScreen(pathname)?.catch(() => undefined);
  prefetchScreenAnswers(client, pathname).catch(() => undefined);
}
