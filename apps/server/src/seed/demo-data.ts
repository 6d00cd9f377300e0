// The demo shop's catalogue: deterministic, so every fresh install shows the same data (its dates
// counted back from the day it is seeded, or from DEMO_ANCHOR in the tests: seed.ts).

export const DEMO_PASSWORD = 'backroom-demo';
export const DEMO_ANCHOR = new Date('2026-11-01T12:00:00Z');

export const DEMO_SIGN_INS = [
  { email: 'owner@demo.backroom.test', who: 'Admin (every area)' },
  { email: 'stock@demo.backroom.test', who: 'Employee with only Inventory' },
  { email: 'ava@demo.backroom.test', who: 'Consigner' },
  { email: 'marco@demo.backroom.test', who: 'Consigner with marketplace access' },
  { email: 'store@demo.backroom.test', who: 'Store account' },
  { email: 'inactive@demo.backroom.test', who: 'Inactive consigner' },
] as const;

export const SNEAKER_SIZES = ['4', '4.5', '5', '5.5', '6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11', '11.5', '12', '13', '14'];
export const APPAREL_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL'];

type DemoProduct = { slug: string; title: string; brand: string; sku: string; kind: 'sneakers' | 'apparel'; gender: string; color: string; year: number; price: number };

export const DEMO_PRODUCTS: DemoProduct[] = [
  { slug: 'air-max-90', title: 'Nike Air Max 90 Infrared', brand: 'Nike', sku: 'CT1685-100', kind: 'sneakers', gender: 'Men', color: 'White/Infrared', year: 2020, price: 16000 },
  { slug: 'jordan-1-high', title: 'Air Jordan 1 Retro High OG Chicago', brand: 'Jordan', sku: 'DZ5485-612', kind: 'sneakers', gender: 'Men', color: 'Varsity Red', year: 2022, price: 42000 },
  { slug: 'dunk-low-panda', title: 'Nike Dunk Low Retro Panda', brand: 'Nike', sku: 'DD1391-100', kind: 'sneakers', gender: 'Unisex', color: 'White/Black', year: 2021, price: 13000 },
  { slug: 'yeezy-350', title: 'adidas Yeezy Boost 350 V2 Onyx', brand: 'adidas', sku: 'HQ4540', kind: 'sneakers', gender: 'Unisex', color: 'Onyx', year: 2022, price: 24000 },
  { slug: 'new-balance-550', title: 'New Balance 550 White Green', brand: 'New Balance', sku: 'BB550WT1', kind: 'sneakers', gender: 'Men', color: 'White/Green', year: 2021, price: 12000 },
  { slug: 'air-force-1', title: "Nike Air Force 1 '07 Triple White", brand: 'Nike', sku: 'CW2288-111', kind: 'sneakers', gender: 'Men', color: 'White', year: 2019, price: 11000 },
  { slug: 'gel-lyte-iii', title: 'ASICS Gel-Lyte III OG Cream', brand: 'ASICS', sku: '1201A257-100', kind: 'sneakers', gender: 'Unisex', color: 'Cream', year: 2021, price: 14000 },
  { slug: 'chuck-70', title: 'Converse Chuck 70 High Black', brand: 'Converse', sku: '162050C', kind: 'sneakers', gender: 'Unisex', color: 'Black', year: 2018, price: 8500 },
  { slug: 'samba-og', title: 'adidas Samba OG Cloud White', brand: 'adidas', sku: 'B75806', kind: 'sneakers', gender: 'Unisex', color: 'Cloud White', year: 2023, price: 15000 },
  { slug: 'old-skool', title: 'Vans Old Skool Black White', brand: 'Vans', sku: 'VN000D3HY28', kind: 'sneakers', gender: 'Unisex', color: 'Black/White', year: 2017, price: 7000 },
  { slug: 'jordan-4-retro', title: 'Air Jordan 4 Retro Military Black', brand: 'Jordan', sku: 'DH6927-111', kind: 'sneakers', gender: 'Men', color: 'White/Black', year: 2022, price: 36000 },
  { slug: 'air-max-1', title: 'Nike Air Max 1 Anniversary Red', brand: 'Nike', sku: 'DQ3989-100', kind: 'sneakers', gender: 'Men', color: 'White/Red', year: 2022, price: 17500 },
  { slug: '990v5', title: 'New Balance 990v5 Grey', brand: 'New Balance', sku: 'M990GL5', kind: 'sneakers', gender: 'Men', color: 'Grey', year: 2019, price: 19500 },
  { slug: 'forum-low', title: 'adidas Forum Low White Blue', brand: 'adidas', sku: 'FY7756', kind: 'sneakers', gender: 'Unisex', color: 'White/Blue', year: 2021, price: 10000 },
  { slug: 'blazer-mid', title: "Nike Blazer Mid '77 Vintage", brand: 'Nike', sku: 'BQ6806-100', kind: 'sneakers', gender: 'Women', color: 'White/Black', year: 2020, price: 10500 },
  { slug: 'hoodie-box-logo', title: 'Supreme Box Logo Hooded Sweatshirt', brand: 'Supreme', sku: 'FW21SW17-GRY', kind: 'apparel', gender: 'Unisex', color: 'Heather Grey', year: 2021, price: 52000 },
  { slug: 'tee-classic', title: 'Carhartt WIP Pocket T-Shirt', brand: 'Carhartt WIP', sku: 'I022091-BLK', kind: 'apparel', gender: 'Unisex', color: 'Black', year: 2022, price: 4000 },
  { slug: 'denim-jacket', title: "Levi's Vintage Trucker Jacket", brand: "Levi's", sku: '72334-0134', kind: 'apparel', gender: 'Men', color: 'Medium Stonewash', year: 2020, price: 9800 },
  { slug: 'puffer-jacket', title: 'The North Face 1996 Retro Nuptse', brand: 'The North Face', sku: 'NF0A3C8D-LE4', kind: 'apparel', gender: 'Men', color: 'Recycled TNF Black', year: 2021, price: 32000 },
  { slug: 'cargo-pants', title: 'Stussy Ripstop Surplus Cargo Pant', brand: 'Stussy', sku: '116532-OLV', kind: 'apparel', gender: 'Men', color: 'Olive', year: 2023, price: 15500 },
  { slug: 'fleece-crew', title: 'Patagonia Synchilla Fleece Crew', brand: 'Patagonia', sku: '25450-NENA', kind: 'apparel', gender: 'Women', color: 'Natural', year: 2022, price: 11900 },
  { slug: 'graphic-tee', title: 'Stussy World Tour Tee', brand: 'Stussy', sku: '1904649-WHT', kind: 'apparel', gender: 'Unisex', color: 'White', year: 2023, price: 5000 },
  { slug: 'track-jacket', title: 'adidas Firebird Track Jacket', brand: 'adidas', sku: 'IJ7058', kind: 'apparel', gender: 'Men', color: 'Black/White', year: 2023, price: 8000 },
  { slug: 'chino-pants', title: 'Dickies 874 Work Pant', brand: 'Dickies', sku: '874-KH', kind: 'apparel', gender: 'Men', color: 'Khaki', year: 2020, price: 4500 },
  { slug: 'rugby-shirt', title: 'Polo Ralph Lauren Rugby Shirt', brand: 'Ralph Lauren', sku: '710717245-NVY', kind: 'apparel', gender: 'Men', color: 'Navy', year: 2021, price: 14500 },
  { slug: 'windbreaker', title: 'Arc\u2019teryx Squamish Hoody', brand: 'Arc\u2019teryx', sku: 'X000006817', kind: 'apparel', gender: 'Women', color: 'Black', year: 2022, price: 18000 },
  { slug: 'knit-sweater', title: 'Aim\u00e9 Leon Dore Uniform Sweater', brand: 'Aim\u00e9 Leon Dore', sku: 'ALD-FW22-KN01', kind: 'apparel', gender: 'Men', color: 'Cream', year: 2022, price: 27500 },
  { slug: 'pocket-tee', title: 'Uniqlo U Crew Neck T-Shirt', brand: 'Uniqlo', sku: '422992-09', kind: 'apparel', gender: 'Unisex', color: 'Black', year: 2023, price: 2000 },
  { slug: 'varsity-jacket', title: 'Golden Bear Varsity Jacket', brand: 'Golden Bear', sku: 'GB-VAR-001', kind: 'apparel', gender: 'Men', color: 'Navy/Cream', year: 2021, price: 45000 },
  { slug: 'sweatpants', title: 'Essentials Relaxed Sweatpant', brand: 'Fear of God', sku: '130SP212000F', kind: 'apparel', gender: 'Unisex', color: 'Dark Oatmeal', year: 2022, price: 9000 },
];

export const DEMO_TERMS = `Backroom Demo consignment terms

1. Items stay the property of the consigner until sold.
2. The store keeps a selling fee per the consigner type, shown before an item is listed.
3. Payouts are made after the sale is final, to the bank details on file.
4. Items not sold within 90 days may be returned or withdrawn; early withdrawals may carry a fee.
5. The store may decline items that are not authentic or not in the stated condition.`;

export const DEMO_SHIP_INSTRUCTIONS = `Pack each item in its original box, add the printed code inside, and ship to:
Backroom Demo, 120 Market Street, Springfield. Drop-offs are welcome Monday to Saturday, 10:00 to 18:00.`;
