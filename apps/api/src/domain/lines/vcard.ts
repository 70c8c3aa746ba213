import { HOW_TO_DIAL, irsNumbers, lineDestination } from '@enq/contract';
import type { LineDepartment, LineMarket } from './lines-repository';

/** RFC 2426 text escaping: backslash, comma, semicolon and line breaks. */
export function escapeVcardText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line at 75 octets (RFC 2426 section 2.6), never splitting a UTF-8 character. */
export function foldVcardLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // Continuation lines start with a space, which counts towards their 75.
    if (octets + size > 75) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** Each number is labelled with the line's one name, as Call Rates and Call History show it. */
const label = (market: LineMarket, department: LineDepartment) =>
  lineDestination(market.name, department.name_long);

/**
 * The enQ contact card (vCard 3.0): one contact 'enQ' with a TEL per department, each labelled with the
 * department (an Apple-style X-ABLabel on a grouped TEL, which phones show as the number's label), and a
 * NOTE with the PIN and how to use it.
 */
export function buildVcard(markets: LineMarket[], pin: string, holder?: string): string {
  const note = [
    `${holder ? `${holder}'s` : 'Your'} enQ PIN: ${pin}`,
    ...HOW_TO_DIAL.map((step, i) => `${i + 1}. ${step}`),
    '',
    ...markets.flatMap((m) =>
      m.departments.map(
        (d) => `${label(m, d)}: ${irsNumbers(d.irs_number).join(' / ')} (${d.open_hours_text})`,
      ),
    ),
  ].join('\n');
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', 'FN:enQ', 'N:;enQ;;;', 'ORG:enQ'];
  let item = 0;
  for (const market of markets) {
    for (const department of market.departments) {
      item++;
      lines.push(`item${item}.TEL;TYPE=WORK,VOICE:${department.display_number}`);
      lines.push(`item${item}.X-ABLabel:${escapeVcardText(label(market, department))}`);
    }
  }
  lines.push(`NOTE:${escapeVcardText(note)}`, 'END:VCARD');
  return lines.map(foldVcardLine).join('\r\n') + '\r\n';
}
