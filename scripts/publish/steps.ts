// What a publish says while it runs, for the studio to show: each step as it starts, and in the
// end the outcome with the compiler's messages (file:line:col, as `npm run validate` prints them).
export type StepName = 'preparing' | 'validating' | 'building' | 'built' | 'saving' | 'switching' | 'pushing';

export interface PublishStep {
  step: StepName;
  /** A few words more: "12 pages and 3 articles". */
  detail?: string;
  at: string;
}

import type { ArticleChange } from '../../server/releases/store.ts';

/** Sent by the build's child process to the publish. */
export type ChildMessage =
  | { step: 'validating' | 'building' | 'built'; detail?: string }
  | { articleTimes: ArticleChange[] }
  | { failed: 'validation' | 'build'; messages: string[] };

export type PublishResult =
  | {
      ok: true;
      id: string;
      /** Where PUBLISH_PUSH is set: whether the push went through. A failed push leaves the publish standing. */
      push?: { ok: true; to: string } | { ok: false; to: string; message: string };
    }
  | {
      ok: false;
      /** Why nothing was published, in a sentence. */
      reason: string;
      /** The compiler's messages, one per problem. */
      messages: string[];
    };
