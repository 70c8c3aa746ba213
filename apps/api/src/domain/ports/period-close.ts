import type { Transactional } from '../../db/handle';

/**
 * What other domains do when the billing engine closes a period, in the close's transaction (the
 * monthly report, REPORT-02). The engine calls it and knows none of them: the composition root
 * (composition.ts) wires it, so billing-engine imports no report, mail or console module.
 */
export type AfterPeriodClose = (tx: Transactional, accountId: string, periodId: string) => Promise<unknown>;
