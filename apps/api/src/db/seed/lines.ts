import type { Db } from '../client';

// Filled in by the lines area (issue 7): the markets and department lines, upserted at every start.
export async function seedLines(_db: Db): Promise<void> {}
