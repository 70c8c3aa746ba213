import { startEarlyBoot } from './app/early-boot';
import { adoptViewAsFromUrl } from './lib/view-as-token';
import './styles.css';

// A view-as-customer tab's token is put aside before any request asks with a token (STAFF-09).
adoptViewAsFromUrl();
// This module waits for no library and runs as soon as it arrives (index.html loads it async): the
// first answers are asked while the app's code, which index.html names for preloading, is on its way.
startEarlyBoot();
const app = import('./app/start');
// Arrived before the document was parsed to its end, the app waits for #root.
const parsed =
  document.readyState === 'loading'
    ? new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }))
    : null;
void Promise.all([app, parsed]).then(([{ startApp }]) => startApp());
