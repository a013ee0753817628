// The reviews asked of the publishers, kept in DATA_DIR/reviews.json: one small JSON list, replaced
// whole (temp file, fsync, rename) under a lock held across processes, so the server's instances
// and the owner's command never lose each other's note or decision. The file is read as untrusted:
// a record that does not have the expected shape is left out, never trusted in part.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv, type JSONSchemaType } from 'ajv';
import lockfile from 'proper-lockfile';
import { writeDurably } from '../../server/leads/durable-file.ts';
import type { ReviewDecision, ReviewNote, ReviewRecord } from '../../shared/team-review.ts';

export const reviewsFile = (dataDir: string) => path.join(dataDir, 'reviews.json');

/** Reviews kept: the newest this many (an old review's notes and decisions stay in the audit log). */
export const KEEP_REVIEWS = 200;

export const reviewIdPattern = /^[0-9a-f]{12}$/;
export const newReviewId = () => randomBytes(6).toString('hex');

const text = { type: 'string' } as const;
const pathSchema = {
  type: 'array',
  items: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
} as unknown as JSONSchemaType<ReviewNote['path']>;

const noteSchema: JSONSchemaType<ReviewNote> = {
  type: 'object',
  properties: { id: text, by: text, at: text, file: text, path: pathSchema, where: text, text },
  required: ['id', 'by', 'at', 'file', 'path', 'where', 'text'],
};
const decisionSchema: JSONSchemaType<ReviewDecision> = {
  type: 'object',
  properties: {
    by: text,
    at: text,
    verdict: { type: 'string', enum: ['approved', 'changes-asked'] },
    commit: { type: 'string', pattern: '^[0-9a-f]{40,64}$' },
    note: { type: 'string', nullable: true },
  },
  required: ['by', 'at', 'verdict', 'commit'],
};
const recordSchema: JSONSchemaType<ReviewRecord> = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: reviewIdPattern.source },
    by: text,
    at: text,
    message: text,
    commit: { type: 'string', pattern: '^[0-9a-f]{40,64}$' },
    notes: { type: 'array', items: noteSchema },
    decisions: { type: 'array', items: decisionSchema },
  },
  required: ['id', 'by', 'at', 'message', 'commit', 'notes', 'decisions'],
};
const isRecord = new Ajv({ allowUnionTypes: true }).compile(recordSchema);

/** Every review that reads as one, newest first ([] when there is none yet). */
export async function readReviews(dataDir: string): Promise<ReviewRecord[]> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(reviewsFile(dataDir), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return [];
    throw error;
  }
  return Array.isArray(data) ? data.filter((record): record is ReviewRecord => isRecord(record)) : [];
}

/**
 * Reads, changes and replaces the list under its lock: one change at a time in this process (a
 * chain of promises) and across processes (proper-lockfile's lock folder beside the list).
 */
export async function changeReviews<T>(
  dataDir: string,
  edit: (reviews: ReviewRecord[]) => { reviews?: ReviewRecord[]; result: T },
): Promise<T> {
  const file = reviewsFile(dataDir);
  const run = (chains.get(file) ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      await mkdir(dataDir, { recursive: true, mode: 0o700 });
      let compromised: Error | undefined;
      const release = await lockfile.lock(file, {
        realpath: false,
        lockfilePath: `${file}.lock`,
        retries: { retries: 300, minTimeout: 10, maxTimeout: 100 },
        stale: 10_000,
        onCompromised: (error) => {
          compromised = error;
        },
      });
      try {
        const { reviews, result } = edit(await readReviews(dataDir));
        if (reviews) {
          // A lock lost to a stall longer than `stale` may now be another writer's: write nothing.
          if (compromised) throw new Error('The reviews were busy for too long; nothing was changed.');
          await writeDurably(file, `${JSON.stringify(reviews.slice(0, KEEP_REVIEWS), null, 2)}\n`);
        }
        return result;
      } finally {
        await release().catch(() => undefined);
      }
    });
  chains.set(file, run);
  try {
    return await run;
  } finally {
    if (chains.get(file) === run) chains.delete(file);
  }
}

const chains = new Map<string, Promise<unknown>>();
