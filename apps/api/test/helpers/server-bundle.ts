import { buildServer } from '../../build';

/**
 * Global set-up of the API tests and the journeys: the server bundle that their server processes
 * run, built from the sources of this run (a bundle left from an earlier build would test old code).
 */
export default buildServer;
