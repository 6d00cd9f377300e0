import crypto from 'node:crypto';

// Short and scannable: upper case and digits only (Code 39 / QR alphanumeric safe), no 0/O or 1/I/L
// to misread on a label; 31 symbols, 8 characters: 31^8 ~ 8.5 x 10^11 codes per store.
export const INVENTORY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const INVENTORY_CODE_LENGTH = 8;

export function generateInventoryCode(random: () => number = () => crypto.randomInt(0, 2 ** 32) / 2 ** 32): string {
  let code = '';
  for (let i = 0; i < INVENTORY_CODE_LENGTH; i += 1) code += INVENTORY_CODE_ALPHABET[Math.floor(random() * INVENTORY_CODE_ALPHABET.length)];
  return code;
}
