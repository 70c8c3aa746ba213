import {
  ACCOUNT_SEARCH_LIMIT,
  ACCOUNTS_TEXT,
  cardBrandLabel,
  emailKey,
  type AccountSearchResult,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import {
  accountsByCardLast4,
  accountsByCreditNote,
  accountsByEmail,
  accountsByInvoiceNumber,
  accountsByName,
  accountsByPin,
  accountSummaries,
  recentAccounts,
  type AccountHit,
} from './accounts-search-repository';

type Finder = () => Promise<{ hits: AccountHit[]; matched: (label: string) => string }>;

const CREDIT_NOTE = /^(.+)-CN\d+$/;

/**
 * What one search box finds (CONS-01): an account by its name (contains, any case), any person's email
 * (its emailKey: case, surrounding spaces and Unicode forms folded), a PIN (6 digits, spaces ignored),
 * an invoice or credit-note number (any case, surrounding spaces ignored) or a card's last four. Each
 * result says what matched; the most specific match of an account wins. No text: the newest accounts.
 */
export async function searchAccounts(q: Transactional, text: string): Promise<AccountSearchResult[]> {
  const typed = text.trim();
  const finders: Finder[] = [];
  const digits = typed.replace(/\s+/g, '');
  if (/^\d{6}$/.test(digits))
    finders.push(async () => ({ hits: await accountsByPin(q, digits), matched: ACCOUNTS_TEXT.matched.pin }));
  if (/^\d{4}$/.test(digits))
    finders.push(async () => ({
      hits: await accountsByCardLast4(q, digits),
      matched: (label) => {
        const [brand = '', last4 = ''] = label.split(' ');
        return ACCOUNTS_TEXT.matched.card(cardBrandLabel(brand), last4);
      },
    }));
  if (typed.includes('@') || typed.includes('＠'))
    finders.push(async () => ({
      hits: await accountsByEmail(q, emailKey(typed)),
      matched: ACCOUNTS_TEXT.matched.email,
    }));
  const number = typed.toUpperCase();
  if (/^[A-Z0-9-]{6,}$/.test(number)) {
    finders.push(async () => ({
      hits: await accountsByInvoiceNumber(q, number),
      matched: ACCOUNTS_TEXT.matched.invoice,
    }));
    const note = CREDIT_NOTE.exec(number);
    if (note)
      finders.push(async () => ({
        hits: await accountsByCreditNote(q, note[1]!, number),
        matched: ACCOUNTS_TEXT.matched.creditNote,
      }));
  }
  if (typed)
    finders.push(async () => ({
      hits: await accountsByName(q, typed, ACCOUNT_SEARCH_LIMIT),
      matched: () => ACCOUNTS_TEXT.matched.name,
    }));
  else
    finders.push(async () => ({
      hits: await recentAccounts(q, ACCOUNT_SEARCH_LIMIT),
      matched: () => ACCOUNTS_TEXT.matched.recent,
    }));

  const matches = new Map<string, string>();
  for (const find of finders) {
    const { hits, matched } = await find();
    for (const hit of hits)
      if (!matches.has(hit.account_id) && matches.size < ACCOUNT_SEARCH_LIMIT)
        matches.set(hit.account_id, matched(hit.label));
  }
  const summaries = new Map(
    (await accountSummaries(q, [...matches.keys()])).map((s) => [s.account_id, s] as const),
  );
  return [...matches]
    .filter(([id]) => summaries.has(id))
    .map(([id, matched]) => ({ ...summaries.get(id)!, matched }));
}
