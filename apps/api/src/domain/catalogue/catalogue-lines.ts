import {
  CATALOGUE_TEXT,
  isValidPhone,
  lineDestination,
  phoneToE164,
  type CatalogueLines,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { destinationHasRates, renameRateDestination, scheduleRate, RATE_SLOT_MINUTES } from '../call-rates';
import { DomainError } from '../errors';
import {
  findLine,
  findMarket,
  insertLine,
  lineNameTaken,
  listLines,
  listMarkets,
  marketLineNames,
  marketNameTaken,
  updateLine,
  updateMarket,
  type LineFields,
} from './catalogue-lines-repository';

export interface LineInput {
  name_long: string;
  irs_number: string;
  display_number: string;
  open_hours_text: string;
  description_long: string;
}

/** Every market with its lines, in the Lines page's order, each line with its destination name. */
export async function catalogueLines(q: Transactional): Promise<CatalogueLines> {
  const [markets, lines] = await Promise.all([listMarkets(q), listLines(q)]);
  return {
    markets: markets.map((m) => ({
      id: m.id,
      name: m.name,
      is_new: m.is_new,
      sort: m.sort,
      lines: lines
        .filter((l) => l.market_id === m.id)
        .map((l) => ({ ...l, destination: lineDestination(m.name, l.name_long) })),
    })),
  };
}

/** The destination names of every stored line, in display order. */
export async function lineDestinations(q: Transactional): Promise<string[]> {
  return (await catalogueLines(q)).markets.flatMap((m) => m.lines.map((l) => l.destination));
}

/** The fields as stored: the enQ number in E.164, refused (naming the field) when it is no number. */
function lineFields(input: LineInput): LineFields {
  if (!isValidPhone(input.display_number))
    throw new DomainError('invalid', CATALOGUE_TEXT.badNumber, 'display_number');
  return {
    nameLong: input.name_long.trim(),
    irsNumber: input.irs_number.trim(),
    displayNumber: phoneToE164(input.display_number),
    openHoursText: input.open_hours_text.trim(),
    descriptionLong: input.description_long.trim(),
  };
}

/** Rates are kept under a line's destination name: a rename takes them along, refusing a used name. */
async function moveRates(tx: Transactional, from: string, to: string, field: string) {
  if (from === to) return;
  if (await destinationHasRates(tx, to))
    throw new DomainError('conflict', CATALOGUE_TEXT.lineTaken(to), field);
  await renameRateDestination(tx, from, to);
}

/** A market's name, New flag and place (CAT-05); its lines' rates follow a new name. */
export async function editMarket(
  tx: Transactional,
  id: string,
  input: { name: string; is_new: boolean; sort: number },
): Promise<{ message: string; before: unknown }> {
  const market = await findMarket(tx, id, true);
  if (!market) throw new DomainError('not-found', CATALOGUE_TEXT.noMarket(id));
  const name = input.name.trim();
  if (await marketNameTaken(tx, name, id))
    throw new DomainError('conflict', CATALOGUE_TEXT.marketTaken(name), 'name');
  for (const line of await marketLineNames(tx, id))
    await moveRates(tx, lineDestination(market.name, line), lineDestination(name, line), 'name');
  await updateMarket(tx, id, { name, isNew: input.is_new, sort: input.sort });
  return { message: `The market ${name} is saved.`, before: market };
}

/** A line's name, numbers, hours and description (CAT-05); its rates follow a new name. */
export async function editLine(
  tx: Transactional,
  id: string,
  input: LineInput,
): Promise<{ message: string; before: unknown }> {
  const line = await findLine(tx, id, true);
  if (!line) throw new DomainError('not-found', CATALOGUE_TEXT.noLineId(id));
  const fields = lineFields(input);
  const market = (await findMarket(tx, line.market_id))!;
  if (await lineNameTaken(tx, market.id, fields.nameLong, id))
    throw new DomainError('conflict', CATALOGUE_TEXT.lineTaken(fields.nameLong), 'name_long');
  await moveRates(
    tx,
    lineDestination(market.name, line.name_long),
    lineDestination(market.name, fields.nameLong),
    'name_long',
  );
  await updateLine(tx, id, fields);
  return { message: `The line ${fields.nameLong} is saved.`, before: line };
}

/** A new line at the end of a market, with one rate for every half hour from now (CAT-06). */
export async function addLine(
  tx: Transactional,
  marketId: string,
  input: LineInput & { credits_per_minute: number },
  now: Date,
): Promise<{ message: string; id: string }> {
  const market = await findMarket(tx, marketId, true);
  if (!market) throw new DomainError('invalid', CATALOGUE_TEXT.noMarket(marketId), 'market_id');
  const fields = lineFields(input);
  const destination = lineDestination(market.name, fields.nameLong);
  if (
    (await lineNameTaken(tx, marketId, fields.nameLong, null)) ||
    (await destinationHasRates(tx, destination))
  )
    throw new DomainError('conflict', CATALOGUE_TEXT.lineTaken(fields.nameLong), 'name_long');
  const id = await insertLine(tx, marketId, fields);
  const slots = Array.from({ length: (24 * 60) / RATE_SLOT_MINUTES }, (_, i) => i * RATE_SLOT_MINUTES);
  await scheduleRate(tx, destination, slots, now, Math.round(input.credits_per_minute * 100));
  return { message: `The line ${fields.nameLong} is added to ${market.name}.`, id };
}
