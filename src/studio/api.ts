// The studio page's calls to its server (scripts/studio/api.ts): every one carries the per-run key
// the page was served with, and the id of this window, whose unsaved edit the preview shows. A
// restarted server has a new key: a call refused for its key asks for the current one (which the
// server gives a page it would serve the studio to) and is made once more.
import {
  keyRefusal,
  keyRoute,
  studioApiPath,
  tokenHeader,
  tokenMeta,
  windowHeader,
  windowStorageKey,
} from '../../shared/studio-protocol.ts';
import { connectionLostText, setConnectionLost } from './connection.ts';

let token = document.querySelector<HTMLMetaElement>(`meta[name="${tokenMeta}"]`)?.content ?? '';

/** This window's id: new at each load (a duplicated tab is a window of its own), shared with its preview frame. */
export const studioWindow = crypto.randomUUID();
sessionStorage.setItem(windowStorageKey, studioWindow);
const headers = () => ({ [tokenHeader]: token, [windowHeader]: studioWindow });

/** Asks the server for its current key; fails while the server cannot be reached. */
export async function renewKey(): Promise<void> {
  const response = await fetch(`${studioApiPath}${keyRoute}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`The studio's server answered ${response.status}.`);
  token = ((await response.json()) as { key: string }).key;
}

/** A fetch that marks the connection lost when the server cannot be reached. */
async function reach(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    setConnectionLost(true);
    throw new StudioRequestError(0, { error: `${connectionLostText}. Try again once it is back.` });
  }
}

// The shapes the server answers with, from the server's own modules (types only: no server code
// reaches the page).
import type { Entry, EntrySummary, FieldError, Json } from '../../shared/studio-protocol.ts';
import type { Changes, DiscardRequest } from '../../shared/review.ts';
export type { Changes, Entry, EntrySummary, FieldError, Json };
export type DataPath = (string | number)[];

export interface Check {
  errors: FieldError[];
  elsewhere: string[];
  previewing: boolean;
}
export interface SchemaInfo {
  schemas: Record<string, Record<string, unknown>>;
  sectionTypes: string[];
  routes: string[];
  /** Each address's title as a person knows it (a section's: its page's title and its heading). */
  titles: Record<string, string>;
  images: string[];
}

export class StudioRequestError extends Error {
  readonly status: number;
  readonly body: { error: string; errors?: FieldError[]; elsewhere?: string[] };
  constructor(status: number, body: { error: string }) {
    super(body.error);
    this.status = status;
    this.body = body;
  }
}

/** `keepalive`: the request outlives the page (a draft sent as the page is closed). */
export async function call<T>(
  route: string,
  init: { body?: unknown; raw?: Blob; keepalive?: boolean } = {},
  renewed = false,
): Promise<T> {
  const response = await reach(`${studioApiPath}${route}`, {
    method: init.body !== undefined || init.raw ? 'POST' : 'GET',
    headers: { ...headers(), ...(init.body !== undefined && { 'content-type': 'application/json' }) },
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    keepalive: init.keepalive,
  });
  const body = (await response.json()) as T & { error: string };
  if (response.status === 403 && !renewed && String(body.error).startsWith(keyRefusal)) {
    await renewKey();
    return call(route, init, true);
  }
  if (!response.ok) throw new StudioRequestError(response.status, body);
  return body;
}

const q = (file: string) => `file=${encodeURIComponent(file)}`;

export const api = {
  entries: () => call<EntrySummary[]>('entries'),
  entry: (file: string) => call<Entry>(`entry?${q(file)}`),
  schema: () => call<SchemaInfo>('schema'),
  lists: () => call<Pick<SchemaInfo, 'routes' | 'titles' | 'images'>>('lists'),
  check: (file: string, data: Json, body?: string) => call<Check>(`check?${q(file)}`, { body: { data, body } }),
  save: (file: string, version: string, data: Json, body?: string) =>
    call<{ version: string }>(`save?${q(file)}`, { body: { version, data, body } }),
  create: (kind: 'page' | 'article', address: string, title: string) =>
    call<{ file: string }>('new', { body: { kind, address, title } }),
  upload: (file: File) =>
    call<{ src: string; width?: number; height?: number }>(`upload?name=${encodeURIComponent(file.name)}`, {
      raw: file,
    }),
  changes: () => call<Changes>('changes'),
  /** The whole file back as committed, or (with `changes`) those changes of it put back. */
  discard: (request: DiscardRequest) => call<{ version?: string }>('discard', { body: request }),
  /** An image as last committed, as a data: address (the page's policy allows no blob: images). */
  committedImage: async (file: string): Promise<string> => {
    const response = await reach(`${studioApiPath}committed-image?${q(file)}`, { headers: headers() });
    if (!response.ok) throw new StudioRequestError(response.status, (await response.json()) as { error: string });
    const blob = await response.blob();
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(new Error('The committed image could not be read.'));
      reader.readAsDataURL(blob);
    });
  },
};

/** A file the server makes for the person to save (the leads as CSV), as the bytes it sent. */
export async function download(route: string): Promise<Blob> {
  const response = await reach(`${studioApiPath}${route}`, { headers: headers() });
  if (!response.ok) throw new StudioRequestError(response.status, (await response.json()) as { error: string });
  return response.blob();
}

/**
 * Calls `onChange(file)` for every file under site/ that changes on disk, and `onOpen` once the
 * stream is open; ends when the server ends the stream (it is stopping) or can no longer be reached.
 */
export async function watchFiles(onChange: (file: string) => void, onOpen: () => void): Promise<void> {
  const open = () => fetch(`${studioApiPath}events`, { headers: headers() }).catch(() => undefined);
  let response = await open();
  if (response?.status === 403) response = await renewKey().then(open, () => undefined);
  if (!response?.ok || !response.body) return;
  onOpen();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
    if (done) return;
    buffer += value;
    const lines = buffer.split('\n');
    buffer = lines.pop()!;
    for (const line of lines) if (line.trim()) onChange((JSON.parse(line) as { file: string }).file);
  }
}
