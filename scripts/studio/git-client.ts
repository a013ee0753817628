// git for the studio on the server, through simple-git (it runs the system's git, Debian's package,
// and refuses arguments and variables that would make git run other programs). Each client gets a
// small, fixed environment: no GIT_* or EDITOR of the server's process leaks into a commit, git never
// asks at a terminal, and pathspecs are literal, so a file name is never read as a pattern.
import { simpleGit, type SimpleGit } from 'simple-git';

export interface Person {
  name: string;
  email: string;
}

const passed = ['PATH', 'HOME', 'TMPDIR', 'XDG_CONFIG_HOME'];

/** A client in `root`; with `identity`, its commits are authored and committed by those people. */
export function gitIn(root: string, identity?: { author: Person; committer: Person }): SimpleGit {
  const env: Record<string, string> = { GIT_LITERAL_PATHSPECS: '1', GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' };
  for (const name of passed) if (process.env[name] !== undefined) env[name] = process.env[name];
  if (identity)
    Object.assign(env, {
      GIT_AUTHOR_NAME: identity.author.name,
      GIT_AUTHOR_EMAIL: identity.author.email,
      GIT_COMMITTER_NAME: identity.committer.name,
      GIT_COMMITTER_EMAIL: identity.committer.email,
    });
  return simpleGit({
    baseDir: root,
    allowEnvironment: Object.keys(env).filter((name) => name.startsWith('GIT_')),
    // A git that waits for something no one will give (a passphrase asked for by a signing key)
    // is stopped, so the saves waiting their turn behind it are not held up for ever.
    timeout: { block: 120_000 },
  }).env(env);
}
