import { safeReturnPath } from '@backroom/domain';

/** The sign-in screen's query parameter naming the address to go back to. */
const NEXT = 'next';

/** The sign-in address for a visitor who opened `address` signed out; '/' needs no `next`. */
export function loginPathFor(address: string): string {
  const next = safeReturnPath(address);
  return next === '/' ? '/login' : `/login?${new URLSearchParams({ [NEXT]: next }).toString()}`;
}

/** Where to go once signed in: the `next` of the sign-in address when it is a path of this site, else '/'. */
export function returnPathFrom(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get(NEXT));
}
