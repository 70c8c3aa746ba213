import { formatCallTime } from '@enq/contract';

/** A call's time as two unbreakable parts, date and time: a narrow column breaks between them only. */
export function CallTime({ unixSeconds }: { unixSeconds: number }) {
  const [day, ...time] = formatCallTime(unixSeconds).split(' ');
  return (
    <span>
      <span className="whitespace-nowrap">{day}</span>{' '}
      <span className="whitespace-nowrap">{time.join(' ')}</span>
    </span>
  );
}
