// The studio API's plain HTTP: a request body read up to a limit (refused whole beyond it, before
// reading on when the length is announced), JSON in, and JSON out never cached.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StudioError } from './files.ts';

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = () =>
    new StudioError(
      413,
      `This request is larger than ${(limit / 1024 / 1024).toFixed(0)} MB, the most the studio accepts.`,
    );
  if (Number(req.headers['content-length'] ?? 0) > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function readJson<T>(req: IncomingMessage): Promise<T> {
  const body = await readBody(req, 2 * 1024 * 1024);
  try {
    return JSON.parse(body.toString('utf8')) as T;
  } catch {
    throw new StudioError(400, 'The request body is not JSON.');
  }
}

export function send(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

/** A feature's answer to a studio request, or undefined when the request is not one of its own. */
export type FeatureAnswer = { status: number; body: unknown } | undefined;

/**
 * The requests of one feature (publishing, history, drafts, presence, moves): the request, its
 * route ("GET /history"), its address, and its JSON body, read only when asked for.
 */
export type FeatureRoutes = (
  req: IncomingMessage,
  route: string,
  url: URL,
  body: () => Promise<unknown>,
) => Promise<FeatureAnswer>;
