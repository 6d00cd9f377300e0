import { describe, expect, it } from 'vitest';
import { isWebAddress, normaliseHost } from './hosts.ts';

describe('normaliseHost', () => {
  it.each([
    ['shop.example.com', 'shop.example.com'],
    ['  Shop.Example.COM ', 'shop.example.com'],
    ['https://shop.example.com/login?x=1', 'shop.example.com'],
    ['http://consign.shop.example.com:8080/', 'consign.shop.example.com'],
    ['shop.example.com.', 'shop.example.com'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
  ])('reads %j as %j', (input, host) => {
    expect(normaliseHost(input)).toBe(host);
  });

  it('reads an empty text as no host', () => {
    expect(normaliseHost('')).toBeNull();
    expect(normaliseHost('   ')).toBeNull();
  });

  it.each(['localhost', 'shop example.com', 'a..b', '-a.example', 'a-.example', '[::1]', 'bücher.example', 'ftp://shop.example.com', 'user@shop.example.com', 'javascript:alert(1)', `${'a'.repeat(64)}.example`, `${'a.'.repeat(130)}com`])(
    'refuses %j',
    (input) => {
      expect(normaliseHost(input)).toBeUndefined();
    },
  );
});

describe('isWebAddress', () => {
  it.each(['https://shop.example', 'http://shop.example:8080/a?b#c', 'https://localhost:3000/x'])('takes %j', (v) => {
    expect(isWebAddress(v)).toBe(true);
  });
  it.each(['javascript:alert(1)', 'data:text/html,x', '//evil.example/x', 'https://', 'https://user@evil.example', 'https://a b.example', 'shop.example', '/uploads/x.webp'])('refuses %j', (v) => {
    expect(isWebAddress(v)).toBe(false);
  });
  it('takes a path of this site only when asked', () => {
    expect(isWebAddress('/uploads/x.webp', { allowRootPath: true })).toBe(true);
    expect(isWebAddress('//evil.example/x.webp', { allowRootPath: true })).toBe(false);
  });
});
