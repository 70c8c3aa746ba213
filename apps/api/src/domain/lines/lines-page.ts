import { lineDestination, type LinesData } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { linesPageRow } from './lines-repository';

/**
 * GET /lines/: the person's own PIN and every department keyed by market name, each with its rate now,
 * looked up by the name calls and rates use for the line (centicredits per minute, shown in credits).
 */
export async function loadLinesData(
  q: Transactional,
  personId: string,
  rateNow: (destination: string) => number | null,
): Promise<LinesData> {
  const { pin, markets } = await linesPageRow(q, personId);
  const markets_with_groups: LinesData['markets_with_groups'] = {};
  for (const market of markets) {
    markets_with_groups[market.name] = market.departments.map((department) => {
      const cc = rateNow(lineDestination(market.name, department.name_long));
      return { ...department, rate_now: cc === null ? null : cc / 100 };
    });
  }
  return { pin: pin ?? '', markets_with_groups };
}
