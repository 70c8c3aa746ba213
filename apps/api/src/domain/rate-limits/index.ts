// The rate-limits domain's entry: the shared hit counts the rate-limit plugin keeps across processes.
export { countHit, deleteLapsedHits, readHits } from './hit-counts-repository';
export type { HitCount } from './hit-counts-repository';
