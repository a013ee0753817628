// What the studio page and the studio's server agree on, written once for both sides: where the
// studio lives, and how the page proves it is the studio (the per-run key in a header).
export const studioPath = '/_studio/';
export const studioApiPath = `${studioPath}api/`;
/** The header every API request carries the key in (a header, never a cookie). */
export const tokenHeader = 'x-studio-token';
/** The meta element the studio page is given the key in. */
export const tokenMeta = 'studio-token';
