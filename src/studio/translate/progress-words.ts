// How far an entry is translated into a language, in words: "54 missing, 1 outdated", or "complete".
export const progressWords = ({ missing, outdated }: { missing: number; outdated: number }) =>
  missing || outdated
    ? [missing && `${missing} missing`, outdated && `${outdated} outdated`].filter(Boolean).join(', ')
    : 'complete';
