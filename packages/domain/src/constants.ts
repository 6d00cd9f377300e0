// Business constants of both spec documents (section 9 of each).

/** Fields a label may show (people doc section 9). */
export const LABEL_OPTIONS = [
  'Item Description',
  'Item Id',
  'Size',
  'Price',
  'SKU',
  'Consigner Id',
  'Consigner',
  'Logo',
  'QR Code',
  'Shopify QR Code',
  'Sublocation',
  'Scan To Shop',
] as const;
export type LabelOption = (typeof LABEL_OPTIONS)[number];

/** Store customBarcode: one of these, or none (null). */
export const CUSTOM_BARCODE_OPTIONS = ['SKU', 'CODE', 'GTIN'] as const;
export type CustomBarcodeOption = (typeof CUSTOM_BARCODE_OPTIONS)[number];

export const SIZE_SYSTEMS = ['US M', 'US W', 'UK', 'EU', 'JP', 'KR'] as const;
export type SizeSystem = (typeof SIZE_SYSTEMS)[number];
/** The add-inventory screen shows plain 'US' (catalogue doc section 9). */
export const DEFAULT_SIZE_SYSTEM = 'US';

/** Store payout options a consigner may choose from. */
export const PAYOUT_OPTIONS = ['PayPal', 'Zelle', 'Bank'] as const;
export type PayoutOption = (typeof PAYOUT_OPTIONS)[number];
/** Payout types stored on consigners. */
export const PAYOUT_TYPES = ['Paypal', 'Bank'] as const;

export const SIGNUP_INFO_OPTIONS = ['Email', 'Full Name', 'Full Address', 'Username', 'Phone'] as const;
export type SignupInfoOption = (typeof SIGNUP_INFO_OPTIONS)[number];
export const DEFAULT_SIGNUP_INFO: readonly SignupInfoOption[] = ['Email'];

/** Payment types when accepting a bought (Buying) item. */
export const PAYMENT_TYPES = [
  { value: 'cash', label: 'Cash' },
  { value: 'auto', label: 'Checkbooks' },
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number]['value'];

export const ROUTING_TYPES = ['abaNumber', 'swiftCode', 'ibanNumber'] as const;
export type RoutingType = (typeof ROUTING_TYPES)[number];
export const ROUTING_TYPE_LABELS = {
  abaNumber: 'ABA Routing Number',
  swiftCode: 'SWIFT Code',
  ibanNumber: 'IBAN Number',
} as const satisfies Record<RoutingType, string>;

/** Registered banks of South Africa, for the bank picker. */
export const SOUTH_AFRICAN_BANKS = [
  'Absa Bank',
  'Access Bank South Africa',
  'African Bank',
  'Albaraka Bank',
  'Bank of Baroda',
  'Bank of China',
  'Bank Zero',
  'Bidvest Bank',
  'BNP Paribas',
  'Capitec Bank',
  'Capitec Business',
  'China Construction Bank',
  'Citibank',
  'Deutsche Bank',
  'Discovery Bank',
  'Finbond Mutual Bank',
  'First National Bank (FNB)',
  'GBS Mutual Bank',
  'Grindrod Bank',
  'Habib Overseas Bank',
  'HBZ Bank',
  'HSBC Bank',
  'Investec Bank',
  'Ithala',
  'JPMorgan Chase Bank',
  'Mercantile Bank',
  'Nedbank',
  'Old Mutual Bank',
  'Postbank',
  'Rand Merchant Bank (RMB)',
  'Sasfin Bank',
  'Société Générale',
  'Standard Bank',
  'Standard Chartered Bank',
  'State Bank of India',
  'TymeBank',
  'Ubank',
] as const;

export const BANK_ACCOUNT_TYPES = [
  'Current (cheque/bond)',
  'Savings',
  'Transmission',
  'Bond',
  'Subscription Share',
  'Fnbcard',
  'WesBank',
] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

/** Store currency choices: ISO 4217 codes, AED through ZWD. */
export const CURRENCY_CODES = [
  'AED', 'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AZN', 'BAM', 'BBD',
  'BDT', 'BGN', 'BHD', 'BIF', 'BND', 'BOB', 'BRL', 'BSD', 'BWP', 'BYN',
  'BZD', 'CAD', 'CHF', 'CLP', 'CNY', 'COP', 'CRC', 'CUP', 'CVE', 'CZK',
  'DKK', 'DOP', 'DZD', 'EGP', 'ETB', 'EUR', 'FJD', 'GBP', 'GEL', 'GHS',
  'GTQ', 'GYD', 'HKD', 'HNL', 'HUF', 'IDR', 'ILS', 'INR', 'IQD', 'IRR',
  'ISK', 'JMD', 'JOD', 'JPY', 'KES', 'KGS', 'KHR', 'KRW', 'KWD', 'KZT',
  'LAK', 'LBP', 'LKR', 'LYD', 'MAD', 'MDL', 'MKD', 'MMK', 'MNT', 'MOP',
  'MUR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR',
  'NZD', 'OMR', 'PAB', 'PEN', 'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON',
  'RSD', 'RUB', 'RWF', 'SAR', 'SCR', 'SDG', 'SEK', 'SGD', 'SOS', 'SRD',
  'SYP', 'THB', 'TJS', 'TND', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'UGX',
  'USD', 'UYU', 'UZS', 'VES', 'VND', 'XAF', 'XCD', 'XOF', 'YER', 'ZAR',
  'ZMW', 'ZWD',
] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** Store location whose items the consigner ships (catalogue doc section 1). */
export const ONLINE_MARKETPLACE = 'ONLINE MARKETPLACE';

// Shown as 0 in the only place the spec shows them; stores may configure their own.
export const WITHDRAW_EARLY_AMOUNT_OF_DAYS = 0;
export const WITHDRAW_FEE = 0;

/** One cheque covers at most 2000 of payout (200000 minor units). */
export const CHEQUE_LIMIT_MINOR = 200_000;

/** Cheques for a consigner's payout: one per 2000 of total, rounded up; none for nothing owed. */
export function chequeCount(totalMinor: number): number {
  if (!(totalMinor > 0)) return 0;
  return Math.ceil(totalMinor / CHEQUE_LIMIT_MINOR);
}

export const INITIAL_QUANTITY = 1;
export const RECENT_ACTIVITY_COUNT = 6;
export const ACTIVITY_PAGE_SIZE = 100;
export const DASHBOARD_DEFAULT_DAYS = 30;
export const ACTIVITY_DEFAULT_DAYS = 7;
