// What other modules may use of the consigners module (docs/architecture.md, "Modules").
export { acceptConsignerTerms, createConsignerForIdentity } from './consigner-signup.ts';
export { consignerSalesTotals } from './consigners.service.ts';
