import crypto from 'node:crypto';
import { calculateFees, matchConsignerType, saleLedgerAmounts, type ConsignerType, type InventoryStatus } from '@backroom/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import type { Tx } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { generateInventoryCode } from '../modules/inventory/index.ts';
import { ONLINE_MARKETPLACE } from '../modules/stores/index.ts';
import {
  APPAREL_SIZES,
  DEMO_ANCHOR,
  DEMO_PASSWORD,
  DEMO_PRODUCTS,
  DEMO_SHIP_INSTRUCTIONS,
  DEMO_SIGN_INS,
  DEMO_TERMS,
  SNEAKER_SIZES,
} from './demo-data.ts';
import { seededRandom, type SeededRandom } from './random.ts';

const DAY = 24 * 60 * 60 * 1000;
// The moment the demo's history is counted back from: the seed's run time (to the hour), so the
// dashboard's default last 30 days shows the demo's sales; tests pass DEMO_ANCHOR for fixed dates.
let anchorMs = DEMO_ANCHOR.getTime();
const daysBefore = (n: number) => new Date(anchorMs - n * DAY);

/** The start of the hour of `now`: the anchor of a demo seeded now (nothing dated in the future). */
function demoAnchorOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
}

/** Creates a verified sign-in identity through better-auth, so the password is hashed its way. */
async function createIdentity(ctx: AppContext, email: string, name: string): Promise<string> {
  const result = await ctx.auth.api.signUpEmail({ body: { email, password: DEMO_PASSWORD, name } });
  await ctx.db.update(s.user).set({ emailVerified: true }).where(eq(s.user.id, result.user.id));
  return result.user.id;
}

/** Seeds the demo shop once: does nothing when the demo store exists already. */
export async function seedDemo(ctx: AppContext, opts: { anchor?: Date } = {}): Promise<{ seeded: boolean }> {
  anchorMs = (opts.anchor ?? demoAnchorOf(new Date())).getTime();
  const existing = await ctx.db.select({ id: s.stores.id }).from(s.stores).where(eq(s.stores.handle, 'demo')).limit(1);
  if (existing.length) return { seeded: false };

  // Identities first: better-auth writes them itself (outside our transaction). Re-runs reuse them.
  const emails = DEMO_SIGN_INS.map((d) => d.email);
  const known = await ctx.db.select().from(s.user).where(inArray(s.user.email, emails));
  const userIds = new Map(known.map((u) => [u.email, u.id]));
  const names: Record<string, string> = {
    'owner@demo.backroom.test': 'Olivia Bennett',
    'stock@demo.backroom.test': 'Sam Carter',
    'ava@demo.backroom.test': 'Ava Thompson',
    'marco@demo.backroom.test': 'Marco Rossi',
    'store@demo.backroom.test': 'Backroom Stock',
    'inactive@demo.backroom.test': 'Ingrid Holm',
  };
  for (const email of emails) if (!userIds.has(email)) userIds.set(email, await createIdentity(ctx, email, names[email]));

  await ctx.db.transaction((tx) => seedStore(tx, seededRandom(20261101), userIds));
  return { seeded: true };
}

const DEMO_HOSTS = ['demo.backroom.local', 'consign.demo.backroom.local', 'instore.demo.backroom.local'] as const;

async function seedStore(tx: Tx, rng: SeededRandom, userIds: Map<string, string>) {
  const uid = (email: string) => userIds.get(email)!;
  const [store] = await tx
    .insert(s.stores)
    .values({
      id: rng.uuid(),
      name: 'Backroom Demo',
      handle: 'demo',
      domain: 'demo.backroom.local',
      // the consigner portal and in-store app addresses (required by the store settings)
      consignerUrl: 'consign.demo.backroom.local',
      inStoreUrl: 'instore.demo.backroom.local',
      supportEmail: 'support@demo.backroom.test',
      currency: 'USD',
      logo: '/demo-assets/store-logo.svg',
      signupInfo: ['Email', 'Full Name', 'Phone'],
      payoutOptions: ['Bank', 'PayPal'],
      labelOptions: ['Item Description', 'Item Id', 'Size', 'Price', 'SKU', 'QR Code'],
      labelSize: { width: 57, height: 32 },
      shipInstructions: DEMO_SHIP_INSTRUCTIONS,
      termsOfService: DEMO_TERMS,
      redirectURL: 'https://demo.backroom.local',
      customBarcode: 'CODE',
      minApproval: 2000,
      maxApproval: 3000,
      autoPreapproval: true,
      warnAmount: 1000,
      warnText: 'This price is well above the lowest listing.',
      payoutFee: 3,
      vatRate: 15,
      onlineMarketplace: true,
      safeInventoryStatusMode: true,
      provenHosts: [...DEMO_HOSTS],
    })
    .returning();
  const storeId = store.id;
  // The demo's hosts count as proven (docs/security.md "A store's own hosts, once proven"): they
  // are names of this installation's demo, not a shop's, and a production demo mails links on them.
  // Their tokens are derived from the host (a fresh install holds the same data, and the seeded random
  // source is left alone); they are never checked again, and a host changed later gets a random token.
  const seededToken = (host: string) => crypto.createHash('sha256').update(`backroom-demo-host:${host}`).digest().subarray(0, 24).toString('base64url');
  await tx.insert(s.storeHostProofs).values(DEMO_HOSTS.map((host) => ({ storeId, host, token: seededToken(host), provenAt: daysBefore(30), provenBy: 'seed' as const })));

  const locationNames = ['Downtown', 'Warehouse', 'Uptown'];
  await tx.insert(s.locations).values([
    ...locationNames.map((name) => ({ id: rng.uuid(), storeId, name })),
    { id: rng.uuid(), storeId, name: ONLINE_MARKETPLACE, isMarketplace: true },
  ]);
  await tx.insert(s.subLocations).values(
    [
      ['Shelf A', 'Downtown'],
      ['Shelf B', 'Downtown'],
      ['Bin 1', 'Warehouse'],
      ['Bin 2', 'Warehouse'],
      ['Window', 'Uptown'],
    ].map(([name, locationName]) => ({ id: rng.uuid(), storeId, name, locationName })),
  );

  const types = await tx
    .insert(s.consignerTypes)
    .values([
      { id: rng.uuid(), storeId, accountType: 'Standard', sellingFee: 20, minFee: 500, flatFee: 0, isDefault: true },
      { id: rng.uuid(), storeId, accountType: 'VIP', sellingFee: 12, minFee: 500, flatFee: 0, isDefault: false },
      { id: rng.uuid(), storeId, accountType: 'VIP', sellingFee: 10, minFee: 500, flatFee: 0, isDefault: false, category: 'Sneakers' },
      { id: rng.uuid(), storeId, accountType: 'Store', sellingFee: 0, minFee: 0, flatFee: 0, isDefault: false },
    ])
    .returning();
  const feeTypes: ConsignerType[] = types.map((t) => ({ ...t, categories: t.categories ?? null }));

  const [sneakers, apparel] = await tx
    .insert(s.productTemplates)
    .values([
      {
        id: rng.uuid(),
        storeId,
        title: 'Sneakers',
        brand: 'Various',
        category: 'Sneakers',
        gender: 'Unisex',
        weight: 1200,
        option1: 'Size',
        option2: 'Condition',
        option3: 'Box',
        option1Values: SNEAKER_SIZES.map((value) => ({ value })),
        option2Values: ['New', 'Used'].map((value) => ({ value })),
        option3Values: ['Good Box', 'Damaged Box', 'No Box'].map((value) => ({ value })),
      },
      {
        id: rng.uuid(),
        storeId,
        title: 'Apparel',
        brand: 'Various',
        category: 'Apparel',
        gender: 'Unisex',
        weight: 600,
        option1: 'Size',
        option2: 'Condition',
        option1Values: APPAREL_SIZES.map((value) => ({ value })),
        option2Values: ['New', 'Used'].map((value) => ({ value })),
      },
    ])
    .returning();

  const products = await tx
    .insert(s.products)
    .values(
      DEMO_PRODUCTS.map((p) => {
        const image = `/demo-assets/${p.slug}.svg`;
        const template = p.kind === 'sneakers' ? sneakers : apparel;
        return {
          id: rng.uuid(),
          storeId,
          title: p.title,
          brand: p.brand,
          sku: p.sku,
          category: template.category,
          gender: p.gender,
          color: p.color,
          year: p.year,
          image,
          imageList: [image],
          productTemplateId: template.id,
          price: p.price,
          createdAt: daysBefore(120),
          updatedAt: daysBefore(120),
        };
      }),
    )
    .returning();
  await tx.insert(s.productGtins).values(
    products.slice(0, 3).flatMap((p, i) =>
      ['9', '10', '11'].map((size, j) => ({ id: rng.uuid(), storeId, productId: p.id, size, gtin: `019${i}${j}0000${String(100 + i * 10 + j)}` })),
    ),
  );

  const [owner] = await tx
    .insert(s.employees)
    .values([
      { id: rng.uuid(), storeId, firstName: 'Olivia', lastName: 'Bennett', email: 'owner@demo.backroom.test', role: 'Admin', accessControls: null, fbUserId: uid('owner@demo.backroom.test') },
      { id: rng.uuid(), storeId, firstName: 'Sam', lastName: 'Carter', email: 'stock@demo.backroom.test', role: 'Employee', accessControls: ['Inventory'], fbUserId: uid('stock@demo.backroom.test') },
    ])
    .returning();

  const bank = (name: string, n: string) => ({ routingType: 'abaNumber' as const, accountName: name, accountNumber: n, routingNumber: '021000021', bank: 'Chase' });
  const consigners = await tx
    .insert(s.consigners)
    .values([
      { id: rng.uuid(), storeId, fbUserId: uid('ava@demo.backroom.test'), firstName: 'Ava', lastName: 'Thompson', email: 'ava@demo.backroom.test', phone: '+1 555 0101', address: '12 Oak Street, Springfield', accountType: 'Standard', isActive: true, acceptedTOS: true, payoutType: 'Bank', bankData: bank('Ava Thompson', '000123456789') },
      { id: rng.uuid(), storeId, fbUserId: uid('marco@demo.backroom.test'), firstName: 'Marco', lastName: 'Rossi', email: 'marco@demo.backroom.test', phone: '+1 555 0102', address: '48 Pine Avenue, Springfield', accountType: 'VIP', isActive: true, acceptedTOS: true, marketplaceLocation: true, chargeTax: true, payoutType: 'Bank', bankData: bank('Marco Rossi', '000987654321') },
      { id: rng.uuid(), storeId, fbUserId: uid('store@demo.backroom.test'), firstName: 'Backroom', lastName: 'Stock', email: 'store@demo.backroom.test', accountType: 'Store', isActive: true, acceptedTOS: true, isStoreAccount: true, marketplaceLocation: true },
      { id: rng.uuid(), storeId, fbUserId: uid('inactive@demo.backroom.test'), firstName: 'Ingrid', lastName: 'Holm', email: 'inactive@demo.backroom.test', phone: '+1 555 0104', address: '7 Birch Road, Springfield', accountType: 'Standard', isActive: false, acceptedTOS: true, payoutType: 'PayPal', bankData: { email: 'ingrid@paypal.test' } },
      { id: rng.uuid(), storeId, firstName: 'Lena', lastName: 'Park', email: 'lena@demo.backroom.test', phone: '+1 555 0105', address: '3 Elm Court, Springfield', accountType: 'Standard', isActive: true, acceptedTOS: true, payoutType: 'Bank', bankData: bank('Lena Park', '000555000111') },
    ])
    .returning();
  const [ava, marco, storeAccount, ingrid, lena] = consigners;

  // Every status of the transition table, with plausible history.
  type Plan = { status: InventoryStatus; count: number; consigners: typeof consigners; location?: string | null; offer?: boolean; extra?: (i: number) => Partial<typeof s.inventoryItems.$inferInsert> };
  const plans: Plan[] = [
    { status: 'Active', count: 22, consigners: [ava, marco, lena, storeAccount], extra: (i) => ({ printed: i % 3 !== 0 }) },
    { status: 'Active', count: 2, consigners: [marco], location: ONLINE_MARKETPLACE, extra: () => ({ printed: true }) },
    { status: 'Requested', count: 3, consigners: [ava, lena], location: null },
    { status: 'Pending', count: 3, consigners: [ava, marco], location: null },
    { status: 'RequestPriceChange', count: 2, consigners: [ava, marco], extra: () => ({ requestedPrice: 9900 }) },
    { status: 'StoreRequestPriceChange', count: 1, consigners: [lena], location: null, extra: () => ({ requestedPrice: 11000 }) },
    { status: 'RequestWithdrawal', count: 2, consigners: [ava, lena], extra: () => ({ withdrawalRequestedOn: daysBefore(1) }) },
    { status: 'WithdrawalDeclined', count: 1, consigners: [marco], extra: () => ({ withdrawalDeclinedOn: daysBefore(2), withdrawalDeclinedBy: 'Olivia Bennett' }) },
    { status: 'InTransit', count: 2, consigners: [ava, marco] },
    { status: 'Withdrawn', count: 2, consigners: [lena, ingrid], extra: () => ({ withdrawalAcceptedOn: daysBefore(5), withdrawalAcceptedBy: 'Olivia Bennett' }) },
    { status: 'Declined', count: 1, consigners: [ingrid], location: null },
    { status: 'PendingSale', count: 1, consigners: [ava] },
    { status: 'Sold', count: 4, consigners: [ava, marco, lena] },
    { status: 'Sold', count: 1, consigners: [marco], location: ONLINE_MARKETPLACE },
    { status: 'Paid', count: 3, consigners: [ava, marco] },
    // Offers answering store requests (docs/store-requests.md): each at the location the product is
    // requested at, priced inside that request's range.
    { status: 'Consignment', count: 2, consigners: [ava, lena], offer: true },
    { status: 'Buying', count: 2, consigners: [marco, lena], offer: true },
  ];
  // The store's requests the offers answer: one price range per product and location (store_requests).
  const requestRanges = new Map<string, { productId: string; location: string; low: number; high: number }>();
  const requestOf = (product: (typeof products)[number], plannedSoFar: readonly (typeof s.inventoryItems.$inferInsert)[]) => {
    // requested where the product has nothing Active, the first such location by name (Request Items preselects the first)
    const byName = [...locationNames].sort();
    const location = byName.find((l) => !plannedSoFar.some((it) => it.productId === product.id && it.status === 'Active' && it.location === l)) ?? byName[0]!;
    const key = `${product.id}|${location}`;
    let range = requestRanges.get(key);
    if (!range) {
      const base = product.price ?? 10000;
      range = { productId: product.id, location, low: Math.round((base * 0.8) / 100) * 100, high: Math.round((base * 1.2) / 100) * 100 };
      requestRanges.set(key, range);
    }
    return range;
  };

  const items: (typeof s.inventoryItems.$inferInsert)[] = [];
  let n = 0;
  for (const plan of plans) {
    for (let i = 0; i < plan.count; i += 1) {
      n += 1;
      const product = products[(n * 7) % products.length];
      const isSneaker = product.productTemplateId === sneakers.id;
      const consigner = plan.consigners[i % plan.consigners.length];
      const template = isSneaker ? sneakers : apparel;
      const option1Value = rng.pick(isSneaker ? SNEAKER_SIZES.slice(4, 16) : APPAREL_SIZES.slice(1, 6));
      const option2Value = rng.pick(['New', 'New', 'Used']);
      const option3Value = isSneaker ? rng.pick(['Good Box', 'Good Box', 'Damaged Box', 'No Box']) : null;
      const request = plan.offer ? requestOf(product, items) : null;
      const r = rng.next();
      // an offer's price lies in the request's range (to the dollar); others around the product's price
      const price = request ? request.low + Math.round((r * (request.high - request.low)) / 100) * 100 : Math.round(((product.price ?? 10000) * (0.85 + r * 0.4)) / 100) * 100;
      const type = matchConsignerType(feeTypes, consigner.accountType, { category: template.category, option1Value, option2Value, option3Value });
      const fees = calculateFees({
        price,
        quantity: 1,
        consignerType: type,
        storePayoutFeePercent: store.payoutFee,
        vatRatePercent: store.vatRate,
        chargeTax: consigner.chargeTax,
        isStoreAccount: consigner.isStoreAccount,
        cost: consigner.isStoreAccount ? Math.round(price * 0.6) : null,
      });
      const created = daysBefore(60 - n);
      const onHand = plan.location !== null && !request;
      const location = request ? request.location : plan.location === undefined ? rng.pick(locationNames) : plan.location;
      const subLocation = !onHand ? null : location === 'Downtown' ? rng.pick(['Shelf A', 'Shelf B']) : location === 'Warehouse' ? rng.pick(['Bin 1', 'Bin 2']) : null;
      items.push({
        id: rng.uuid(),
        storeId,
        code: generateInventoryCode(rng.next),
        productId: product.id,
        productTemplateId: template.id,
        consignerId: consigner.id,
        sku: product.sku,
        title: product.title,
        category: template.category,
        status: plan.status,
        option1Value,
        option2Value,
        option3Value,
        price,
        payout: fees.payout,
        payoutFee: fees.payoutFee,
        total: fees.total,
        cost: consigner.isStoreAccount ? fees.payout : null,
        quantity: 1,
        // an offer names the location it answers (not yet accepted there)
        location: onHand || request ? location : null,
        subLocation: onHand ? subLocation : null,
        image: product.image,
        acceptedOn: onHand ? daysBefore(55 - n) : null,
        printed: false,
        preapprovalStatus: plan.status === 'Pending' ? 'preapproved' : null,
        storeRequestPriceLow: request?.low ?? null,
        storeRequestPriceHigh: request?.high ?? null,
        lastUpdatedById: owner.id,
        lastUpdatedByName: 'Olivia Bennett',
        createdAt: created,
        updatedAt: daysBefore(Math.max(0, 30 - n / 2)),
        ...plan.extra?.(i),
      });
    }
  }

  // Orders for the sold items; one payout for the paid ones.
  const sold = items.filter((i) => i.status === 'Sold' || i.status === 'Paid' || i.status === 'PendingSale');
  const [payout] = await tx
    .insert(s.payouts)
    .values({ id: rng.uuid(), storeId, name: 'PO-1001', status: 'Paid', createdAt: daysBefore(3), paidAt: daysBefore(3) })
    .returning();
  let orderNumber = 1000;
  for (const item of sold) {
    orderNumber += 1;
    const soldOn = daysBefore(rng.int(4, 20));
    const [order] = await tx
      .insert(s.orders)
      .values({
        id: rng.uuid(),
        storeId,
        // the demo shop sold these at its counter (docs/sales.md: counter sales are S-1001, S-1002, ...)
        name: `S-${orderNumber}`,
        source: 'counter',
        paymentMethod: (['card', 'cash', 'card', 'other'] as const)[orderNumber % 4],
        createdById: owner.id,
        createdByName: 'Olivia Bennett',
        customer: { first_name: rng.pick(['Jordan', 'Riley', 'Casey', 'Morgan', 'Taylor']), email: `buyer${orderNumber}@example.test` },
        financialStatus: item.status === 'PendingSale' ? 'pending' : 'paid',
        total: item.price,
        orderDate: soldOn,
      })
      .returning();
    await tx.insert(s.lineItems).values({ id: rng.uuid(), storeId, orderId: order.id, inventoryId: item.id, title: item.title!, sku: item.sku, price: item.price!, quantity: 1 });
    item.orderId = order.id;
    item.soldOn = item.status === 'PendingSale' ? null : soldOn;
    if (item.status === 'Paid') item.payoutId = payout.id;
  }
  await tx.insert(s.inventoryItems).values(items);
  // their own random stream, so the rows before keep their ids (and the seed stays the same on every install)
  const requestRng = seededRandom(20261115);
  await tx.insert(s.storeRequests).values(
    [...requestRanges.values()].map((r) => ({ id: requestRng.uuid(), storeId, productId: r.productId, location: r.location, priceLow: r.low, priceHigh: r.high, updatedById: owner.id, updatedByName: 'Olivia Bennett' })),
  );
  // The lines went in before their items: their search text (migration 0020's trigger) takes the items' codes now.
  await tx.update(s.lineItems).set({ inventoryId: sql`${s.lineItems.inventoryId}` }).where(eq(s.lineItems.storeId, storeId));

  const paid = items.filter((i) => i.status === 'Paid');
  const byConsigner = new Map<string, number>();
  for (const item of paid) byConsigner.set(item.consignerId, (byConsigner.get(item.consignerId) ?? 0) + (item.total ?? 0));
  const payoutTotal = [...byConsigner.values()].reduce((a, b) => a + b, 0);
  await tx.update(s.payouts).set({ total: payoutTotal, itemCount: paid.length }).where(eq(s.payouts.id, payout.id));
  await tx.insert(s.cheques).values([...byConsigner].map(([consignerId, amount]) => ({ id: rng.uuid(), storeId, payoutId: payout.id, consignerId, amount, status: 'Paid' })));
  // the payout's items, with what each paid (an item is in at most one payout: payout_items' key)
  await tx.insert(s.payoutItems).values(paid.map((item) => ({ storeId, payoutId: payout.id, inventoryId: item.id!, consignerId: item.consignerId, amount: item.total ?? 0 })));

  // The ledger of the demo's money, as the sales and the payout would have written it (docs/sales.md):
  // sale and fee entries when each item was sold, a payout entry for each paid item.
  await tx.insert(s.ledgerEntries).values([
    ...items
      .filter((i) => i.status === 'Sold' || i.status === 'Paid')
      .flatMap((item) =>
        saleLedgerAmounts({ price: item.price ?? 0, quantity: item.quantity ?? 1, total: item.total ?? 0 }).map((e) => ({
          id: rng.uuid(),
          storeId,
          consignerId: item.consignerId,
          kind: e.kind,
          amount: e.amount,
          inventoryId: item.id,
          orderId: item.orderId,
          createdById: owner.id,
          createdAt: item.soldOn as Date,
        })),
      ),
    ...paid.map((item) => ({ id: rng.uuid(), storeId, consignerId: item.consignerId, kind: 'payout' as const, amount: -(item.total ?? 0), inventoryId: item.id, payoutId: payout.id, createdById: owner.id, createdAt: daysBefore(3) })),
  ]);

  // Each item's history starts with its creation; later states with one status change.
  await tx.insert(s.inventoryLogs).values(
    items.flatMap((item) => {
      const by = { lastUpdatedById: owner.id, lastUpdatedByName: 'Olivia Bennett', productTitle: item.title };
      const createdLog = { id: rng.uuid(), storeId, inventoryId: item.id!, ...by, modifiedFields: [{ variableChanged: 'createdOn', beforeValue: null, afterValue: (item.createdAt as Date).toISOString() }], updatedAt: item.createdAt as Date };
      if (item.status === 'Requested') return [createdLog];
      return [createdLog, { id: rng.uuid(), storeId, inventoryId: item.id!, ...by, modifiedFields: [{ variableChanged: 'status', beforeValue: 'Requested', afterValue: item.status }], updatedAt: item.updatedAt as Date }];
    }),
  );
}
