import { CATALOGUE_TEXT } from '@enq/contract';
import { DomainError } from '../errors';

/**
 * When a catalogue change takes effect: now when none is given, else the given instant, never before
 * now: calls already rated and periods already begun keep the prices they had (CAT-03).
 */
export function effectiveAt(value: string | undefined, now: Date): Date {
  if (value === undefined) return now;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new DomainError('invalid', CATALOGUE_TEXT.badDate, 'effective_from');
  if (at.getTime() < now.getTime())
    throw new DomainError('invalid', CATALOGUE_TEXT.pastDate, 'effective_from');
  return at;
}

/** A stored instant as the console reads it; null for -infinity (the first version). */
export function instantText(value: string | Date): string | null {
  if (value === '-infinity') return null;
  const at = new Date(value);
  return Number.isFinite(at.getTime()) ? at.toISOString() : null;
}
