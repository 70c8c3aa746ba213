import { fileURLToPath } from 'node:url';

/** The migrations drizzle-kit writes (apps/api/drizzle), which both drivers apply. */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
