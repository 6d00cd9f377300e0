export * from './auth.ts';
export * from './stores.ts';
export * from './people.ts';
export * from './catalogue.ts';
export * from './inventory.ts';
export * from './money.ts';
export * from './jobs.ts';
export * from './files.ts';
