import { apiDownload } from '../../../lib/api-client';

const API_ACCOUNT_PREFIX = /^\/api\/v1\/account/;
const cache = new Map<string, Promise<ArrayBuffer>>();

/**
 * The track's audio bytes. The account API needs the bearer token, which an <audio> element cannot
 * send, so the page fetches the file and plays it through the Web Audio API.
 */
export function fetchHoldMusic(url: string): Promise<ArrayBuffer> {
  let pending = cache.get(url);
  if (!pending) {
    pending = apiDownload(url.replace(API_ACCOUNT_PREFIX, ''), 'hold-music.wav').then((f) =>
      f.blob.arrayBuffer(),
    );
    pending.catch(() => cache.delete(url));
    cache.set(url, pending);
  }
  return pending;
}
