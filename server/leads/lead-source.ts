// Where a lead came from (src/enhance/visit-source.ts), as the browser sent it: untrusted, so the
// lead endpoint only checks its shape loosely (a lead is never refused for its source) and
// `normaliseSource` keeps what may be kept: the five utm_* parameters and the pages as paths,
// each one line and cut to a length, and the referrer as a host name only, never a full address.
import { UTM_PARAMETERS, type LeadSource } from '../../shared/lead-protocol.ts';

const MAX_TEXT = 200;
const MAX_PATH = 500;
/** The longest host name DNS allows. */
const MAX_HOST = 253;

/** What the lead endpoint accepts under SOURCE_FIELD: a small object of strings, nothing deeper. */
export const sentSourceSchema = {
  type: 'object',
  maxProperties: 20,
  additionalProperties: { type: 'string', maxLength: 2000 },
} as const;

/** What a spool file may hold as a lead's source: exactly what normaliseSource returns. */
export const storedSourceSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'string', maxLength: MAX_PATH, pattern: '^/' },
    landing: { type: 'string', maxLength: MAX_PATH, pattern: '^/' },
    referrer: { type: 'string', maxLength: MAX_HOST, pattern: '^[a-z0-9.-]+$' },
    ...Object.fromEntries(UTM_PARAMETERS.map((name) => [name, { type: 'string', maxLength: MAX_TEXT }])),
  },
} as const;

const oneLine = (text: string, max: number) =>
  text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .trim()
    .slice(0, max);

/** A page of this site as its path ("/blog/x"), whatever form it came in; undefined if it is not one. */
function pathOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, 'http://site.invalid');
    return url.pathname.slice(0, MAX_PATH);
  } catch {
    return undefined;
  }
}

/** The host of a referrer given as a host or a full address; undefined if it names none. */
function hostOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`).hostname;
    return /^[a-z0-9.-]+$/.test(host) && host.length <= MAX_HOST ? host : undefined;
  } catch {
    return undefined;
  }
}

/** The source worth keeping from what the browser sent; undefined when nothing is. */
export function normaliseSource(sent: unknown): LeadSource | undefined {
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) return undefined;
  const raw = sent as Record<string, unknown>;
  const text = (name: string) => (typeof raw[name] === 'string' ? raw[name] : undefined);
  const source: LeadSource = {};
  const page = pathOf(text('page'));
  const landing = pathOf(text('landing'));
  const referrer = hostOf(text('referrer'));
  if (page) source.page = page;
  if (landing) source.landing = landing;
  if (referrer) source.referrer = referrer;
  for (const name of UTM_PARAMETERS) {
    const value = oneLine(text(name) ?? '', MAX_TEXT);
    if (value) source[name] = value;
  }
  return Object.keys(source).length ? source : undefined;
}
