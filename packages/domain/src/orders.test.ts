import { describe, expect, it } from 'vitest';
import { shopifyOrderAdminUrl, splitFullName } from './orders.ts';

describe('shopifyOrderAdminUrl', () => {
  it('links an order of the shop in its Shopify admin (admin.shopify.com/store/{handle}), from a number or a GID', () => {
    expect(shopifyOrderAdminUrl('demo-shop.myshopify.com', '450789469')).toBe('https://admin.shopify.com/store/demo-shop/orders/450789469');
    expect(shopifyOrderAdminUrl('demo-shop', 'gid://shopify/Order/450789469')).toBe('https://admin.shopify.com/store/demo-shop/orders/450789469');
    expect(shopifyOrderAdminUrl('https://Demo-Shop.myshopify.com/', '1')).toBe('https://admin.shopify.com/store/demo-shop/orders/1');
  });

  it('needs the myshopify domain or the handle: a custom domain does not name the shop in the admin', () => {
    expect(shopifyOrderAdminUrl('shop.example.com', '1')).toBeNull();
  });

  it('gives no link without a shop, without a Shopify id, or for anything else', () => {
    expect(shopifyOrderAdminUrl(null, '1')).toBeNull();
    expect(shopifyOrderAdminUrl('demo', null)).toBeNull();
    expect(shopifyOrderAdminUrl('demo', 'gid://shopify/Product/1')).toBeNull();
    expect(shopifyOrderAdminUrl('demo', '12 or 1=1')).toBeNull();
    expect(shopifyOrderAdminUrl('"><script>', '1')).toBeNull();
  });
});

describe('splitFullName', () => {
  it('takes the first word as the first name and the rest as the last name', () => {
    expect(splitFullName('  Jane  van Dyke ')).toEqual({ first_name: 'Jane', last_name: 'van Dyke' });
    expect(splitFullName('Cher')).toEqual({ first_name: 'Cher', last_name: null });
    expect(splitFullName('')).toEqual({ first_name: null, last_name: null });
    expect(splitFullName(null)).toEqual({ first_name: null, last_name: null });
  });
});
