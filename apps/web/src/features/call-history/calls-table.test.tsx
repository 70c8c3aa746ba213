import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
