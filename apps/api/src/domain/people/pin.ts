import { PIN_LENGTH } from '@enq/contract';
import { randomInt } from 'node:crypto';

export function randomPin(): string {
  return String(randomInt(0, 10 ** PIN_LENGTH)).padStart(PIN_LENGTH, '0');
}
