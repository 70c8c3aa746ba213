import type { ScreenLoad } from '../../lib/screen-load';
import { overviewQuery } from './api/get-overview';

/** What the screen asks first, asked by the boot beside the screen's code (app/screen-data.ts). */
export const firstLoad: ScreenLoad = { first: overviewQuery };
