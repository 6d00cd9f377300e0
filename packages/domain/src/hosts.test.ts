import { describe, expect, it } from 'vitest';
import { normaliseHost } from './hosts.ts';

describe('normaliseHost', () => {
  it.each([
    ['shop.example.com', 'shop.example.com'],
    ['  Shop.Example.COM ', 'shop.example.com'],
    ['https://shop.example.com/login?x=1', 'shop.example.com'],
    ['http://consign.shop.example.com:8080/', 'consign.shop.example.com'],
    ['shop.example.com.', 'shop.example.com'],
    ['bücher.example', 'xn--bcher-kva.example'],
  ])('reads %j as %j', (input, host) => {
    expect(normaliseHost(input)).toBe(host);
  });

  it('reads an empty text as no host', () => {
    expect(normaliseHost('')).toBeNull();
    expect(normaliseHost('   ')).toBeNull();
  });

  it.each(['localhost', 'shop example.com', 'a..b', '-a.example', 'a-.example', '[::1]', 'ftp://shop.example.com', 'user@shop.example.com', 'javascript:alert(1)', `${'a'.repeat(64)}.example`, `${'a.'.repeat(130)}com`])(
    'refuses %j',
    (input) => {
      expect(normaliseHost(input)).toBeUndefined();
    },
  );
});
