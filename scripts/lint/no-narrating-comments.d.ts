// The types of no-narrating-comments.js, which stays JavaScript so that eslint.config.js loads it
// under any Node an editor's ESLint runs with.
import type { ESLint, Rule } from 'eslint';

export const noNarratingComments: Rule.RuleModule;
export const localRules: ESLint.Plugin;
