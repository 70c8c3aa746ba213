import { BUSINESS_TIME_ZONE } from '@enq/contract';

const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  timeZoneName: 'longOffset',
});
const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Formats unix seconds as 'MM/dd/yyyy hh:mm:ss AM' in America/New_York, as formatCallTime does, but
 * fast enough for a million rows: the zone's offset is looked up once per hour (offsets change on the
 * hour) and the rest is arithmetic.
 */
export function createCallTimeFormatter(): (unixSeconds: number) => string {
  const offsets = new Map<number, number>();
  const offsetOf = (hour: number): number => {
    let offset = offsets.get(hour);
    if (offset === undefined) {
      const name = offsetFormat
        .formatToParts(new Date(hour * 3_600_000))
        .find((p) => p.type === 'timeZoneName');
      const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name?.value ?? '');
      offset = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 3600 + Number(match[3]) * 60) : 0;
      if (offsets.size > 100_000) offsets.clear();
      offsets.set(hour, offset);
    }
    return offset;
  };
  return (unixSeconds) => {
    const local = new Date((unixSeconds + offsetOf(Math.floor(unixSeconds / 3600))) * 1000);
    const hours = local.getUTCHours();
    return `${pad(local.getUTCMonth() + 1)}/${pad(local.getUTCDate())}/${local.getUTCFullYear()} ${pad(
      hours % 12 === 0 ? 12 : hours % 12,
    )}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())} ${hours < 12 ? 'AM' : 'PM'}`;
  };
}
