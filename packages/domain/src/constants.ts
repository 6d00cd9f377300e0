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
  // catalogue doc section 7 names it among the label fields
  'Payout Fee',
  // the item's consignment end (docs/consignment-terms.md "Labels"); empty without one
  'Consignment ends',
] as const;
export type LabelOption = (typeof LABEL_OPTIONS)[number];
/** What a new store's labels show until its settings say otherwise (the settings require one at least). */
export const DEFAULT_LABEL_OPTIONS: readonly LabelOption[] = ['Item Description', 'Item Id', 'Size', 'Price', 'QR Code'];

/** Store customBarcode: one of these, or none (null). */
export const CUSTOM_BARCODE_OPTIONS = ['SKU', 'CODE', 'GTIN'] as const;
export type CustomBarcodeOption = (typeof CUSTOM_BARCODE_OPTIONS)[number];

export const SIZE_SYSTEMS = ['US M', 'US W', 'UK', 'EU', 'JP', 'KR'] as const;
export type SizeSystem = (typeof SIZE_SYSTEMS)[number];
/** The add-inventory screen shows plain 'US' (catalogue doc section 9). */
export const DEFAULT_SIZE_SYSTEM = 'US';

/** Store payout options a consigner may choose from. */
export const PAYOUT_OPTIONS = ['PayPal', 'Zelle', 'Bank', 'Store credit'] as const;
export type PayoutOption = (typeof PAYOUT_OPTIONS)[number];
/**
 * The payout option a consigner takes their money as store credit by (docs/consigner-account.md
 * "Store credit"): their share of a payout is settled at once into their credit, with the store's bonus.
 */
export const STORE_CREDIT_PAYOUT = 'Store credit' as const;
export function isStoreCreditPayout(payoutType: string | null | undefined): boolean {
  return (payoutType ?? '').trim().toLowerCase() === 'store credit';
}
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

/**
 * Which bank fields a store's consigner forms collect (store setting bankFields). 'routing': bank
 * type, SWIFT code, IBAN and routing number by routing type; 'local': account name, account number,
 * bank and branch code only (the spec hid the routing fields for one store by its id).
 */
export const BANK_FIELD_MODES = ['routing', 'local'] as const;
export type BankFieldMode = (typeof BANK_FIELD_MODES)[number];

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

// Input limits ("Bad input never makes a 500"); docs/input-limits.md explains each.

/** The largest value of a PostgreSQL integer (int4) column: money (minor units), quantities, weights. */
export const INT4_MAX = 2_147_483_647;
/** The largest price, cost, fee or other amount of one unit: 10,000,000.00 (in minor units). */
export const MAX_AMOUNT_MINOR = 1_000_000_000;
/**
 * The largest line total (price x quantity) or fee sum of an item: 20,000,000.00, the largest round
 * amount an integer column (INT4_MAX, 21,474,836.47 in minor units) holds.
 */
export const MAX_TOTAL_MINOR = 2_000_000_000;
/** Units of one item row. */
export const MAX_QUANTITY = 100_000;
/** Fees and tax rates are percents of a price: 0 to 100 (the numeric(5,2) columns hold up to 999.99). */
export const MAX_PERCENT = 100;
/** Product template weight, grams (an integer column). */
export const MAX_WEIGHT_GRAMS = 1_000_000;
/** The highest page of a paged list: any offset it gives fits easily. */
export const MAX_PAGE = 100_000;

/** The maximum length of each kind of text input, in characters (UTF-16 code units). */
export const TEXT_LIMITS = {
  /** names, titles, option values, locations, categories, brands, SKUs, bank fields */
  name: 200,
  /** item codes, scan codes, GTINs, handles, tokens and ids given as text */
  code: 200,
  /** searches and filters */
  search: 200,
  /** e-mail addresses (RFC 5321) */
  email: 254,
  /** phone numbers */
  phone: 50,
  /** notes, addresses, a template's option values typed as one comma-separated text */
  note: 2000,
  /** image and other URLs */
  url: 2048,
  /** long texts (terms of service, e-mail messages, shipping instructions) */
  long: 20_000,
} as const;
export type TextKind = keyof typeof TEXT_LIMITS;
/** The longest string any request may carry anywhere (the input guard's cap, a backstop to the schemas). */
export const MAX_ANY_TEXT = TEXT_LIMITS.long;
/**
 * How deeply a request's JSON body (or any parsed part of a request) may nest objects and arrays.
 * No input of the API needs more than a few levels; deeper bodies are refused before they are
 * parsed (docs/input-limits.md).
 */
export const MAX_JSON_DEPTH = 32;
/**
 * How many values (array elements and object members) a request's JSON body may hold. The largest
 * input of the API (a stock-take of 20,000 scanned ids, a bulk add of 500 rows) holds under half of
 * it; a body of 100,000 members cost a third of a second of parsing and walking before any schema
 * refused it, so wider bodies are refused from their text (docs/input-limits.md).
 */
export const MAX_JSON_VALUES = 50_000;
