// ESLint rule: a comment explains the code as it is (a reason, a guarantee, a trap), so it never
// cites what the code came from: an issue number, a part or a stop of a plan (`part F`,
// `stop 3`), a work session. Those belong in the commit message, where `git log` and `git blame`
// find them; in a file they outlive their meaning. Text in backticks is code (`#1` in a YAML
// example) and is not judged.

/** What gives a comment away as history, with the words the message uses for it. */
const narrations = [
  [/\bissues?\s*#?\d+/i, 'an issue number'],
  [/(^|[\s(,;])#\d+\b/, 'an issue number'],
  [/\bthe issue(?:'s)?\b/i, '"the issue"'],
  [/\bpart [A-H]\b/, 'a part of a plan'],
  [/\bstops? \d+\b/i, 'a stop of a plan'],
  [/\bsession \d+\b/i, 'a work session'],
  // "that session" and "this session" are the sign-in sessions the server keeps: not history.
  [/\b(?:earlier|previous|next) (?:work )?session\b/i, 'a work session'],
];

/** @type {import('eslint').Rule.RuleModule} */
export const noNarratingComments = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments explain the code in the present, never its history' },
    schema: [],
    messages: {
      narrates:
        'This comment cites {{what}}: say why the code is as it is, in terms of the code; history goes in the commit message.',
    },
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const text = comment.value.replace(/`[^`]*`/g, '');
          const found = narrations.find(([pattern]) => pattern.test(text));
          if (found) context.report({ loc: comment.loc, messageId: 'narrates', data: { what: found[1] } });
        }
      },
    };
  },
};

/** The project's own rules, as an ESLint plugin: `local/no-narrating-comments`. */
export const localRules = { rules: { 'no-narrating-comments': noNarratingComments } };
