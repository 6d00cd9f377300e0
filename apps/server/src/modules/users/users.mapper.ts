import type { ZSignedInUser } from '@backroom/domain';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor.ts';

/** The signed-in user record of the spec (section 3): what the web app knows of whoever is signed in. */
export function toSignedInUser(actor: Actor): z.input<typeof ZSignedInUser> {
  const base = {
    id: actor.id,
    name: actor.name,
    firstName: actor.firstName,
    lastName: actor.lastName,
    email: actor.email,
    storeId: actor.storeId,
    isActive: actor.isActive,
    emailVerified: actor.identity.emailVerified,
  };
  if (actor.kind === 'employee') {
    return { ...base, kind: 'employee', role: actor.role, acceptedTOS: true, accessControls: actor.accessControls, marketplaceLocation: true, isStoreAccount: false, bankData: null };
  }
  const c = actor.consigner;
  return {
    ...base,
    kind: 'consigner',
    role: 'Consigner',
    acceptedTOS: c.acceptedTOS,
    accessControls: null,
    marketplaceLocation: c.marketplaceLocation,
    isStoreAccount: c.isStoreAccount,
    // Not before the e-mail is verified: an identity could be linked to a consigner staff added.
    bankData: actor.identity.emailVerified ? ((c.bankData as Record<string, unknown> | null) ?? null) : null,
  };
}
