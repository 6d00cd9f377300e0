import { toMajor, type ZPublicStore, type ZStoreHostAlias, type ZStoreSettings, type ZStoreUsage } from '@backroom/domain';
import type { z } from 'zod';
import type { StoreHostAliasRow, StoreRow } from './stores.repository.ts';

/** What anyone may know of a store before signing in. */
export function toPublicStore(s: StoreRow, derived: { linkOrigin: string; hasStorefront: boolean }): z.input<typeof ZPublicStore> {
  return {
    ...derived,
    id: s.id,
    name: s.name,
    handle: s.handle,
    domain: s.domain,
    logo: s.logo,
    supportEmail: s.supportEmail,
    currency: s.currency,
    isBuyingStore: s.isBuyingStore,
    termsOfService: s.termsOfService,
    maintenanceMode: s.maintenanceMode,
    onlineMarketplace: s.onlineMarketplace,
    // the item screen locks its status dropdown in safe mode
    safeInventoryStatusMode: s.safeInventoryStatusMode,
    redirectURL: s.redirectURL,
    shipInstructions: s.shipInstructions,
    signupInfo: s.signupInfo,
    payoutOptions: s.payoutOptions,
    bankFields: s.bankFields,
  };
}

/** A previous address; `expiresAt` from the grace period once the new address was reached. */
export function toStoreHostAlias(a: StoreHostAliasRow, graceMs: number): z.input<typeof ZStoreHostAlias> {
  const from = a.replacedBy === null ? a.replacedAt : a.newHostSeenAt;
  return {
    host: a.host,
    replacedBy: a.replacedBy,
    replacedAt: a.replacedAt.toISOString(),
    newHostSeenAt: a.newHostSeenAt ? a.newHostSeenAt.toISOString() : null,
    expiresAt: from ? new Date(from.getTime() + graceMs).toISOString() : null,
  };
}

/**
 * GET and PUT /api/stores/{id}: the editable store (money in major units) with the read-only fields
 * the screen shows. Never the storefront connection (shop and its credentials) or the tenant id.
 */
export function toStoreSettings(s: StoreRow, aliases: z.input<typeof ZStoreHostAlias>[]): z.input<typeof ZStoreSettings> {
  return {
    id: s.id,
    handle: s.handle,
    name: s.name,
    supportEmail: s.supportEmail,
    redirectURL: s.redirectURL,
    currency: s.currency,
    logo: s.logo,
    domain: s.domain,
    consignerUrl: s.consignerUrl,
    inStoreUrl: s.inStoreUrl,
    consignerCname: s.consignerCname,
    previousHosts: aliases,
    signupInfo: s.signupInfo,
    payoutOptions: s.payoutOptions,
    bankFields: s.bankFields,
    shipInstructions: s.shipInstructions,
    labelOptions: s.labelOptions,
    labelSize: s.labelSize,
    customBarcode: s.customBarcode,
    labelLayout: s.labelLayout === 32 || s.labelLayout === 101 ? s.labelLayout : null,
    customShopifyUrl: s.customShopifyUrl,
    shopifyTrackingParams: s.shopifyTrackingParams,
    emailMsgs: s.emailMsgs ?? null,
    marketplaceEmailMsgs: s.marketplaceEmailMsgs ?? null,
    termsOfService: s.termsOfService,
    autoPreapproval: s.autoPreapproval,
    minApproval: toMajor(s.minApproval),
    maxApproval: toMajor(s.maxApproval),
    warnAmount: toMajor(s.warnAmount),
    warnText: s.warnText,
    payoutFee: s.payoutFee,
    chargeTax: s.chargeTax,
    vatRate: s.vatRate,
    upPrice: toMajor(s.upPrice),
    markdownFloor: toMajor(s.markdownFloor),
    termReminderDays: s.termReminderDays,
    absorbDiscount: s.absorbDiscount,
    isBuyingStore: s.isBuyingStore,
    onlineMarketplace: s.onlineMarketplace,
    prioritizeStore: s.prioritizeStore,
    safeInventoryStatusMode: s.safeInventoryStatusMode,
    livePriceChanges: s.livePriceChanges,
    automatedPayout: s.automatedPayout,
    payoutHoldDays: s.payoutHoldDays,
    payoutHoldFrom: s.payoutHoldFrom,
    payoutMinimum: toMajor(s.payoutMinimum),
    storeCreditBonus: s.storeCreditBonus,
    maintenanceMode: s.maintenanceMode,
    updatedAt: s.updatedAt.toISOString(),
  };
}

type UsageFigures = {
  byStatus: { status: string; count: number }[];
  consigners: { total: number; active: number; storeAccounts: number };
  employees: { total: number; active: number; invitePending: number };
  images: { count: number; bytes: number };
  locations: number;
  products: number;
};

/** GET /api/stores/usage: every status in the transition table's order, 0 where none. */
export function toStoreUsage(u: UsageFigures, statuses: readonly z.input<typeof ZStoreUsage>['items']['byStatus'][number]['status'][]): z.input<typeof ZStoreUsage> {
  const counts = new Map(u.byStatus.map((r) => [r.status, r.count]));
  return {
    items: { total: u.byStatus.reduce((sum, r) => sum + r.count, 0), byStatus: statuses.map((status) => ({ status, count: counts.get(status) ?? 0 })) },
    consigners: u.consigners,
    employees: u.employees,
    images: u.images,
    locations: u.locations,
    products: u.products,
  };
}
