import { describe, expect, it } from 'vitest';
import { PAYOUT_HOLD_FROM_MESSAGE } from '../consigner-account.ts';
import { PEOPLE_MESSAGES } from '../messages.ts';
import { hostProofFileUrl, hostProofRecordName, hostProofValue, STORE_SETTINGS_MESSAGES, ZStoreHostsVerifyBody, ZStoreSettingsInput, type TStoreSettingsBody } from './store-settings.ts';

const valid: TStoreSettingsBody = {
  name: 'Shop',
  supportEmail: 'help@shop.example',
  redirectURL: 'https://shop.example',
  currency: 'ZAR',
  logo: '/uploads/s/logo.webp',
  domain: 'https://Shop.Example/',
  consignerUrl: 'consign.shop.example',
  inStoreUrl: 'instore.shop.example',
  signupInfo: ['Email', 'Phone', 'Email'],
  payoutOptions: ['Bank'],
  bankFields: 'local',
  shipInstructions: 'Ship to us',
  labelOptions: ['Price'],
  labelSize: { width: 57, height: 32 },
  customBarcode: null,
  customShopifyUrl: '',
  shopifyTrackingParams: [{ param: 'utm_source', value: 'label' }],
  emailMsgs: { onPayout: 'Thanks!', onProductSold: '' },
  marketplaceEmailMsgs: null,
  termsOfService: '',
  autoPreapproval: true,
  minApproval: '20.50',
  maxApproval: 30,
  warnAmount: 0,
  warnText: '',
  payoutFee: 3,
  chargeTax: false,
  vatRate: 15,
  upPrice: 0,
  absorbDiscount: false,
  isBuyingStore: false,
  onlineMarketplace: true,
  prioritizeStore: false,
  safeInventoryStatusMode: true,
  livePriceChanges: false,
  automatedPayout: false,
  payoutHoldDays: 0,
  payoutHoldFrom: 'sale',
  payoutMinimum: 0,
  termReminderDays: 7,
  storeCreditBonus: 0,
};

const firstError = (body: unknown) => {
  const r = ZStoreSettingsInput.safeParse(body);
  return r.success ? null : r.error.issues[0].message;
};

describe('ZStoreSettingsInput', () => {
  it('reads a full store: hosts normalised, money in minor units, repeats and empty messages dropped', () => {
    const out = ZStoreSettingsInput.parse(valid);
    expect(out.domain).toBe('shop.example');
    expect(out.minApproval).toBe(2050);
    expect(out.maxApproval).toBe(3000);
    expect(out.signupInfo).toEqual(['Email', 'Phone']);
    expect(out.emailMsgs).toEqual({ onPayout: 'Thanks!' });
    expect(out.customShopifyUrl).toBeNull();
    expect(out.warnText).toBeNull();
    // the hold counts from the sale unless the store says shipping
    expect(out.payoutHoldFrom).toBe('sale');
    expect(ZStoreSettingsInput.parse({ ...valid, payoutHoldFrom: 'shipping' }).payoutHoldFrom).toBe('shipping');
    expect(ZStoreSettingsInput.parse({ ...valid, payoutHoldFrom: null }).payoutHoldFrom).toBe('sale');
  });

  it.each([
    ['name', '  ', PEOPLE_MESSAGES.nameRequired],
    ['supportEmail', '', PEOPLE_MESSAGES.supportEmailRequired],
    ['redirectURL', '', PEOPLE_MESSAGES.redirectUrlRequired],
    ['consignerUrl', '', PEOPLE_MESSAGES.domainRequired],
    ['consignerUrl', null, PEOPLE_MESSAGES.domainRequired],
    ['inStoreUrl', ' ', PEOPLE_MESSAGES.domainRequired],
    ['currency', '', PEOPLE_MESSAGES.currencyRequired],
    ['currency', 'XXX', PEOPLE_MESSAGES.currencyRequired],
    ['labelOptions', [], PEOPLE_MESSAGES.labelOptionRequired],
    ['labelSize', { height: 30 }, PEOPLE_MESSAGES.widthRequired],
    ['labelSize', { width: 30 }, PEOPLE_MESSAGES.heightRequired],
    ['labelSize', null, PEOPLE_MESSAGES.widthRequired],
    ['signupInfo', [], STORE_SETTINGS_MESSAGES.signupInfoRequired],
    ['payoutOptions', [], PEOPLE_MESSAGES.payoutOptionRequired],
    ['payoutHoldFrom', 'delivery', PAYOUT_HOLD_FROM_MESSAGE],
    ['payoutHoldFrom', 7, PAYOUT_HOLD_FROM_MESSAGE],
    ['payoutOptions', ['Cash'], PEOPLE_MESSAGES.payoutOptionRequired],
    ['shipInstructions', '', PEOPLE_MESSAGES.shipInstructionsRequired],
  ])('%s = %j answers %j', (field, value, message) => {
    expect(firstError({ ...valid, [field]: value })).toBe(message);
  });

  it.each([
    ['supportEmail', 'not-an-email', STORE_SETTINGS_MESSAGES.invalidSupportEmail],
    ['redirectURL', 'javascript:alert(1)', STORE_SETTINGS_MESSAGES.invalidRedirectUrl],
    ['domain', 'shop example', STORE_SETTINGS_MESSAGES.invalidDomain],
    ['logo', 'javascript:alert(1)', STORE_SETTINGS_MESSAGES.invalidLogo],
    ['logo', '//evil.example/x.png', STORE_SETTINGS_MESSAGES.invalidLogo],
    ['labelSize', { width: 5000, height: 30 }, STORE_SETTINGS_MESSAGES.labelMm('Width')],
    ['minApproval', -1, STORE_SETTINGS_MESSAGES.notNegative('Min approval')],
    ['maxApproval', 1e12, 'Max approval must be at most 10,000,000'],
    ['payoutFee', 101, 'Payout fee must be at most 100%'],
    ['name', 'x'.repeat(201), 'Name must be at most 200 characters'],
    ['shopifyTrackingParams', [{ param: ' ', value: 'x' }], STORE_SETTINGS_MESSAGES.trackingParamRequired],
  ])('%s = %j is refused with %j', (field, value, message) => {
    expect(firstError({ ...valid, [field]: value })).toBe(message);
  });

  it('reads an empty amount or percent as 0 (approvals and fees are not required)', () => {
    const out = ZStoreSettingsInput.parse({ ...valid, minApproval: null, warnAmount: '', payoutFee: null });
    expect(out).toMatchObject({ minApproval: 0, warnAmount: 0, payoutFee: 0 });
  });

  it('leaves the main domain optional', () => {
    expect(ZStoreSettingsInput.parse({ ...valid, domain: '' }).domain).toBeNull();
  });
});

describe('host proofs', () => {
  it('names the TXT record and the well-known file of a host, both holding the same value', () => {
    expect(hostProofRecordName('shop.example')).toBe('_backroom-verify.shop.example');
    expect(hostProofFileUrl('shop.example')).toBe('https://shop.example/.well-known/backroom-verify.txt');
    expect(hostProofValue('abc')).toBe('backroom-verify=abc');
  });

  it('takes one host to verify, normalised, or none; refuses anything else', () => {
    expect(ZStoreHostsVerifyBody.parse({ host: 'https://Shop.Example/' })).toEqual({ host: 'shop.example' });
    expect(ZStoreHostsVerifyBody.parse({})).toEqual({});
    expect(ZStoreHostsVerifyBody.parse(undefined)).toBeUndefined();
    for (const body of [{ host: 'not a host' }, { host: 'x'.repeat(3000) }, { host: 'a\u0000b.example' }, { host: 'shop.example', other: 1 }, { host: 1 }]) {
      expect(ZStoreHostsVerifyBody.safeParse(body).success, JSON.stringify(body).slice(0, 40)).toBe(false);
    }
    expect(ZStoreHostsVerifyBody.safeParse({ host: 'not a host' }).error?.issues[0].message).toBe(STORE_SETTINGS_MESSAGES.invalidDomain);
  });
});
