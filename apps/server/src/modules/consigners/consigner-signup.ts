import { bankDataForMode, CONSIGNER_MESSAGES, consignerSignupSchema } from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import { consignerActor, type Actor, type ConsignerActor, type Identity } from '../../auth/actor.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { consignersRepository } from './consigners.repository.ts';

// A signed-in person becomes the store's consigner by their own sign-up (GET /api/me with the kept
// form, POST /api/consigners) and accepts its terms: called by the users module.

/** The consigner record of a sign-up form, for the signed-in identity (docs/security.md "Identity model"). */
export async function createConsignerForIdentity(ctx: AppContext, store: Tenant, identity: Identity, input: unknown): Promise<Actor> {
  const parsed = consignerSignupSchema(store.bankFields).parse(input);
  const form = { ...parsed, bankData: bankDataForMode(parsed.bankData, store.bankFields) };
  // Verified before trusted: an unverified sign-in creates nothing its address's owner would inherit
  // (bank or payout details above all), so the record waits for the address (docs/security.md).
  if (!identity.emailVerified) throw forbidden(CONSIGNER_MESSAGES.verifyBeforeSignup, 'EMAIL_NOT_VERIFIED');
  // A record staff added is joined through the invitation mailed for it, never claimed by a sign-up.
  if (await consignersRepository.findByEmail(ctx.db, store.id, identity.email)) throw new AppError('CONFLICT', CONSIGNER_MESSAGES.alreadyAddedHere);
  const consigner = await consignersRepository.insert(ctx.db, {
    storeId: store.id,
    fbUserId: identity.userId,
    firstName: form.firstName,
    lastName: form.lastName,
    email: identity.email,
    phone: form.phone,
    address: form.address,
    idNumber: form.idNumber ?? null,
    payoutType: form.payoutType,
    bankData: form.bankData ?? null,
    accountName: form.bankData?.accountName ?? null,
    accountNumber: form.bankData?.accountNumber ?? null,
    bank: form.bankData?.bank ?? null,
    bankType: form.bankData?.bankType ?? null,
    branchCode: form.bankData?.branchCode ?? null,
    // a new consigner is active once the store's terms are accepted
    isActive: false,
    acceptedTOS: false,
  });
  return consignerActor(consigner, identity);
}

/** The terms dialog: accepting sets acceptedTOS and isActive. A consigner disabled later stays disabled. */
export async function acceptConsignerTerms(ctx: AppContext, store: Tenant, actor: ConsignerActor) {
  // Accepting enables a new consigner, never one staff disabled (docs/security.md "Identity model").
  return consignersRepository.update(ctx.db, store.id, actor.id, { acceptedTOS: true, isActive: !actor.consigner.disabledByStaff });
}
