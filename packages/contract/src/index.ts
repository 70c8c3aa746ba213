export * from './auth';
export * from './common';
export * from './environment';
export * from './paths';
export * from './public-config';
export * from './return-path';
export * from './site-links';
export * from './pin';
