/** A blank picture shown when an item's image fails to load. */
export const FALLBACK_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
