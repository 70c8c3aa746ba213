import type { ScreenLoad } from '../../lib/screen-load';
import { subscriptionQuery } from './api/get-subscription';

/** What the screen asks first, asked by the boot beside the screen's code (app/screen-data.ts). */
export const firstLoad: ScreenLoad = { first: subscriptionQuery };
