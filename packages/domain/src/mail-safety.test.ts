import { describe, expect, it } from 'vitest';
import { mailboxKey, plainTextName } from './mail-safety.ts';

describe('mailboxKey', () => {
  it('counts case and +tags as one mailbox', () => {
    expect(mailboxKey(' Cust+1@Shop.COM ')).toBe('cust@shop.com');
    expect(mailboxKey('cust+a+b@shop.com')).toBe('cust@shop.com');
    expect(mailboxKey('cust@shop.com')).toBe('cust@shop.com');
  });
  it('keeps an address that starts with + or has no @ as it is (lower case)', () => {
    expect(mailboxKey('+x@shop.com')).toBe('+x@shop.com');
    expect(mailboxKey('Nope')).toBe('nope');
  });
});

describe('plainTextName', () => {
  it('breaks links and host names', () => {
    expect(plainTextName('URGENT: verify your bank at http://evil.example/login')).toBe('URGENT: verify your bank at http[:]//evil[.]example/login');
    expect(plainTextName('www.bank.com')).toBe('www[.]bank[.]com');
    expect(plainTextName('<a href=x>')).toBe('a href=x');
  });
  it('leaves ordinary shop names alone', () => {
    expect(plainTextName("Sam's Sneakers & Co")).toBe("Sam's Sneakers & Co");
    expect(plainTextName('Shop No. 5')).toBe('Shop No. 5');
    expect(plainTextName('Price 1.50')).toBe('Price 1.50');
  });
});
