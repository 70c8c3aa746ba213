import { startApp } from './app/start';
import { adoptViewAsFromUrl } from './lib/view-as-token';
import './styles.css';

// A view-as-customer tab's token is put aside before any request asks with a token (STAFF-09).
adoptViewAsFromUrl();
void startApp();
