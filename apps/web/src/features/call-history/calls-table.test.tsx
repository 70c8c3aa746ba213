import { CALL_COLUMNS } from '@enq/contract';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '../../lib/use-media-query';
import { stubMatchMedia } from '../../test/utils';
import { callRow } from './call-history-fixtures';
import { CallsTable } from './calls-table';

// Counts the page's loads of the phone library; the module is the library itself.
const libraryLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('libphonenumber-js', async (importOriginal) => {
  libraryLoads.count++;
  return importOriginal();
});

const withCaller = (i: number, caller: string) => ({ ...callRow(i), caller_id_number: caller });

// One file, in this order: the library, once loaded, stays loaded for the page.
describe('the calls table writes caller IDs as people read them', () => {
  it('a page of North American numbers and words is written without loading the phone library', async () => {
    render(<CallsTable rows={[withCaller(1, '+12025550100'), withCaller(2, 'anonymous')]} />);
    expect(screen.getByText('(202) 555-0100')).toBeTruthy();
    expect(screen.getByText('anonymous')).toBeTruthy();
    // Whatever the table would ask for is asked in an effect, right after the first render: every
    // import started by then has settled.
    await vi.dynamicImportSettled();
    expect(libraryLoads.count).toBe(0);
  });

  it('another country’s number reads as sent, then in international form once the library has arrived', async () => {
    render(<CallsTable rows={[withCaller(1, '+12025550100'), withCaller(2, '+442071838750')]} />);
    expect(screen.getByText('+442071838750')).toBeTruthy();
    expect(await screen.findByText('+44 20 7183 8750')).toBeTruthy();
    expect(screen.getByText('(202) 555-0100')).toBeTruthy();
    expect(libraryLoads.count).toBe(1);
  });
});

describe('the calls table at each width', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('CALL-11 heads its columns with the names as the rule writes them, not set in capitals', () => {
    stubMatchMedia(() => false);
    render(<CallsTable rows={[callRow(1)]} />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual([...CALL_COLUMNS]);
    for (const th of headers) expect(th.className).not.toMatch(/\buppercase\b/);
    // From 1280 px the destination is one line, the whole name in its tooltip.
    const destination = screen.getByRole('cell', { name: 'IRS Practitioner Priority Service' });
    expect(destination.className).toMatch(/\bxl:truncate\b/);
    expect(destination.title).toBe('IRS Practitioner Priority Service');
  });

  it('on a phone each call is a card of its seven values, each named for a screen reader', () => {
    stubMatchMedia((query) => query === PHONE_QUERY);
    render(<CallsTable rows={[callRow(1), callRow(2)]} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('region', { name: 'Calls' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const read = cards[0]!.textContent!;
    for (const [name, value] of [
      ['Destination', 'IRS Practitioner Priority Service'],
      ['Credits used', '93.96'],
      ['Time Stamp (EST)', '03/15/2026'],
      ['Billed Duration', '3:25'],
      ['User', 'Dana Whitfield'],
      ['Caller ID', '(202) 555-0100'],
      ['Billing rate', '27.50'],
    ])
      expect(read).toContain(`${name}: ${value}`);
    // The names are for screen readers only: the card's place says which value is which.
    const hidden = [...cards[0]!.querySelectorAll('.sr-only')].map((name) => name.textContent);
    expect(hidden.sort()).toEqual(CALL_COLUMNS.map((column) => `${column}: `).sort());
  });
});
