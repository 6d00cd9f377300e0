// @backroom/domain: pure rules shared by the server and the web app (no I/O).
export * from './errors.ts';
export * from './access.ts';
export * from './statuses.ts';
export * from './money.ts';
export * from './fees.ts';
export * from './consigner-types.ts';
export * from './preapproval.ts';
export * from './inventory-rows.ts';
export * from './messages.ts';
export * from './sizes.ts';
export * from './format.ts';
export * from './search.ts';
export * from './consigners.ts';
export * from './constants.ts';
export * from './schemas/index.ts';
