// A line formatError writes is taken apart again by splitFormatted: the file, and the problem in
// the words the studio shows (inWords), whatever the message holds; any other line is left alone.
import { describe, expect, it } from 'vitest';
import { formatError, inWords, splitFormatted, type ContentError } from '../../scripts/content/errors.ts';

const errors: ContentError[] = [
  { file: 'site/pages/home.yaml', line: 3, col: 5, path: 'sections › 1 › title', message: 'must not be empty' },
  {
    file: 'site/blog/launch.md',
    line: 1,
    col: 1,
    path: '',
    message: 'has a time of 12:30:00  and two spaces\nan example',
  },
];

describe('splitFormatted', () => {
  it('gives back the file and the problem in words of every line formatError writes', () => {
    for (const error of errors)
      expect(splitFormatted(formatError(error))).toEqual({ file: error.file, words: inWords(error) });
  });

  it('leaves a line formatError did not write', () => {
    for (const line of ['The build could not be started.', 'at build (/app/build.ts:12:3)', ''])
      expect(splitFormatted(line)).toBeUndefined();
  });
});
