// The sign-in server (better-auth) and its identity tables, below the AppContext that carries the
// instance: auth/ resolves actors and handles identities on top of it (docs/architecture.md).
import { identityRepository } from './identity.repository.ts';

export { CLIENT_IP_HEADER, createAuth, STORE_ALIAS_HEADER, STORE_ID_HEADER, type Auth } from './auth.ts';
export type { RecipientStanding } from './identity.repository.ts';

/** Whether each address has an identity, verified, joined this store or any (the dev mailbox's links). */
export const recipientStandingOf = identityRepository.standingOf;
