export * from './accounts.js';
export * from './platform.js';
export * from './shops.js';
export * from './clients.js';
