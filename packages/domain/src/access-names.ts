// The names of the areas, roles and kinds of user: a leaf, so the user's schema (schemas/user.ts)
// and the access rules (access.ts, which derives its user type from that schema) both take them.
export const AREAS = [
  'Dashboard',
  'Products',
  'Inventory',
  'Consigners',
  'Employees',
  'Orders',
  'Settings',
  'InStoreApp',
] as const;
export type Area = (typeof AREAS)[number];

export const ROLES = ['Admin', 'Employee', 'Consigner'] as const;
export type Role = (typeof ROLES)[number];
export const USER_KINDS = ['consigner', 'employee'] as const;
export type UserKind = (typeof USER_KINDS)[number];
