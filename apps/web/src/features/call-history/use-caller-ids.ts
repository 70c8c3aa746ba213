import { formatCallerId, formatCallerIdAtOnce, type PhoneParser } from '@enq/contract';
import { useEffect, useState } from 'react';

let parser: PhoneParser | undefined;
let loading: Promise<PhoneParser> | undefined;

function loadParser(): Promise<PhoneParser> {
  loading ??= import('libphonenumber-js').then(
    (library) => (parser = library.parsePhoneNumberFromString),
    (error: unknown) => {
      loading = undefined; // the next page that needs it asks again
      throw error;
    },
  );
  return loading;
}

/**
 * How the calls table writes caller IDs. Nearly all are North American, written at once; the phone
 * library (120 KB of script, one of the screen's files on a first load) is loaded only for a page
 * with another number, which reads as sent until it arrives.
 */
export function useCallerIds(values: readonly string[]): (value: string) => string {
  const [loaded, setLoaded] = useState(() => parser);
  const needed = !loaded && values.some((value) => formatCallerIdAtOnce(value) === undefined);
  useEffect(() => {
    if (!needed) return;
    let mounted = true;
    loadParser().then(
      (parse) => mounted && setLoaded(() => parse),
      () => undefined, // numbers stay as sent
    );
    return () => {
      mounted = false;
    };
  }, [needed]);
  return (value) => formatCallerIdAtOnce(value) ?? (loaded ? formatCallerId(value, loaded) : value);
}
