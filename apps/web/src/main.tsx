import { startEarlyBoot } from './app/early-boot';
import './styles.css';

// This module waits for no library, so it runs as soon as it arrives: the first answers are asked
// while the app's code, which index.html names for preloading, is still on its way.
startEarlyBoot();
void import('./app/start');
