import { CALL_COLUMNS, INVOICE_COLUMNS } from '@enq/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PortalPath } from '../../lib/portal-routes';
import { PHONE_QUERY } from '../../lib/use-media-query';
import { stubMatchMedia } from '../../test/utils';
import { PageSkeleton } from './page-skeletons';

/** A phone or a wide screen, as the pages ask for it. */
const screenWidth = (phone: boolean) => stubMatchMedia((query) => phone && query === PHONE_QUERY);

/** What a screen's placeholders draw: the table, or the phone's frame of cards and their lines. */
function placeholders(path: PortalPath) {
  render(<PageSkeleton path={path} label="Loading" />);
  const status = screen.getByRole('status', { name: 'Loading' });
  const cards = [...status.querySelectorAll('[data-skeleton-card]')];
  return {
    table: status.querySelector('[data-skeleton-table]'),
    rows: status.querySelectorAll('[data-skeleton-row]').length,
    frames: status.querySelectorAll('[data-skeleton-cards]').length,
    cards,
    lines: cards.map((card) => card.querySelectorAll('[data-skeleton-line]').length),
  };
}

describe('the placeholders of a table screen', () => {
  it.each([
    ['/invoices', INVOICE_COLUMNS.length],
    ['/call-history', CALL_COLUMNS.length],
  ] as const)('%s on a phone: cards in one frame, a label-and-value line per column', (path, columns) => {
    screenWidth(true);
    const drawn = placeholders(path);
    expect(drawn.table).toBeNull();
    expect(drawn.frames).toBe(1);
    expect(drawn.cards).toHaveLength(3);
    expect(drawn.lines).toEqual([columns, columns, columns]);
  });

  it("/users on a phone: the Users table's own cards (select, name, edit, delete, email, PIN, hold music)", () => {
    screenWidth(true);
    const drawn = placeholders('/users');
    expect(drawn.table).toBeNull();
    expect(drawn.frames).toBe(1);
    expect(drawn.cards).toHaveLength(5);
    for (const card of drawn.cards) {
      expect(card.querySelectorAll('[data-skeleton-line]')).toHaveLength(0);
      // Seven places: the PIN's is its text and its change button.
      expect(card.children).toHaveLength(7);
      expect(card.querySelectorAll('[data-skeleton]')).toHaveLength(8);
    }
  });

  it.each([
    ['/invoices', 8],
    ['/call-history', 10],
    ['/users', 10],
  ] as const)('%s on a wide screen: the table, %i rows, and no cards', (path, rows) => {
    screenWidth(false);
    const drawn = placeholders(path);
    expect(drawn.table).not.toBeNull();
    expect(drawn.rows).toBe(rows);
    expect(drawn.frames).toBe(0);
    expect(drawn.cards).toHaveLength(0);
  });
});
