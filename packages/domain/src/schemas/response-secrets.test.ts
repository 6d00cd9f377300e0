// docs/api-foundation.md: what a response schema does not declare never leaves the server, so these declarations
// are the list of what may. None may name a secret or an internal column.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from './index.ts';

// The response schemas of the catalogue, people and store routes, by name.
const SCHEMAS: Record<string, z.ZodType> = Object.fromEntries(
  (['ZConsigner', 'ZConsignerBankChange', 'ZConsignerDeleted', 'ZConsignerList', 'ZConsignerReport', 'ZConsignerUpdateResult', 'ZPayoutRecalculation', 'ZEmployee', 'ZEmployeeInvite', 'ZIntegration', 'ZStoreIntegrations', 'ZLocation', 'ZOutboxMail', 'ZProductDetail', 'ZProductJobStarted', 'ZProductMergeResult', 'ZProductTemplate', 'ZProductTemplateDeleted', 'ZPublicStore', 'ZSignedInUser', 'ZStoreSettings', 'ZStoreSignupResult', 'ZStoreUsage', 'ZSubLocation', 'ZSubmittedProductCreated', 'ZVariantPrice', 'ZPayoutList', 'ZPayoutDetail', 'ZPayoutCreated', 'ZPayoutPaidResult', 'ZPayoutFilterOptions', 'ZConsignerPayoutList', 'ZChequeList', 'ZAutoPayoutRetry', 'ZStorefrontConnection', 'ZStorefrontConnectionTestResult', 'ZSyncList', 'ZShopifyProduct', 'ZSyncRepairResult'] as const).map((name) => [name, domain[name]]),
);

/** Every key a schema lets through, nested ones as `parent.child`. */
function keysOf(schema: z.ZodType, path = ''): string[] {
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, value]) => [`${path}${key}`, ...keysOf(value, `${path}${key}.`)]);
  }
  if (schema instanceof z.ZodArray) return keysOf(schema.element as z.ZodType, path);
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) return keysOf(schema.unwrap() as z.ZodType, path);
  return [];
}

// Hashes, tokens and keys of any kind; the store's storefront shop, tenant and internal columns.
const SECRET = /password|hash|token|secret|apikey|accesskey|privatekey|^(.*\.)?(shop|tenantId|storeSecret|searchText|error|sentAt)$/i;

describe('declared responses', () => {
  it.each(Object.entries(SCHEMAS))('%s names no secret or internal column', (_name, schema) => {
    const keys = keysOf(schema);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((k) => SECRET.test(k))).toEqual([]);
  });

  it('would catch one', () => {
    const leaky = domain.ZEmployee.extend({ inviteToken: z.string().nullable(), nested: z.array(z.object({ passwordHash: z.string() })) });
    expect(keysOf(leaky).filter((k) => SECRET.test(k))).toEqual(['inviteToken', 'nested.passwordHash']);
  });

  it('the public store keeps its settings to itself', () => {
    for (const internal of ['shop', 'tenantId', 'consignerUrl', 'inStoreUrl', 'emailMsgs', 'maxApproval', 'payoutFee', 'vatRate']) {
      expect(domain.ZPublicStore.shape).not.toHaveProperty(internal);
    }
  });
});
