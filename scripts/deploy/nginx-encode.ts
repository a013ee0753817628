// Values written into the generated nginx.conf, each encoded for nginx or refused. No maintained
// library does this: nginx-conf (npm) writes a directive's value as given, unquoted. nginx's
// grammar is small (ngx_conf_file.c): a quoted argument may hold anything, with \ and " escaped,
// except that `$` starts a variable in the directives used here (root, add_header, return) and has
// no escape; line breaks and control characters are refused, since the values become HTTP headers,
// paths and names, where they never belong.

// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators.
const controls = /[\p{Cc}\u2028\u2029]/u;

export class NginxValueError extends Error {}

/** One double-quoted nginx argument holding exactly `value`. */
export function nginxString(value: string, what: string): string {
  if (controls.test(value))
    throw new NginxValueError(
      `Cannot put ${what} into nginx.conf: it holds a line break or another control character.`,
    );
  if (value.includes('$'))
    throw new NginxValueError(
      `Cannot put ${what} into nginx.conf: it holds a "$", which nginx would read as a variable.`,
    );
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** Text in a # comment: one line, whatever it holds (a comment ends at the line break). */
export const nginxComment = (text: string) =>
  JSON.stringify(text)
    .slice(1, -1)
    .replace(/[\u2028\u2029]/g, ' ');

/** A server_name: host names (letters, digits, . - _ and the wildcard *), separated by spaces. */
export function serverNames(names: string): string {
  const list = names.split(' ');
  if (!list.every((name) => /^[A-Za-z0-9.*_-]+$/.test(name)))
    throw new NginxValueError(
      `Cannot put the server name "${nginxComment(names)}" into nginx.conf: use host names (letters, digits, . - _ *), separated by spaces.`,
    );
  return list.join(' ');
}

/** A listen address: PORT, HOST:PORT or [IPv6]:PORT. */
export function listenAddress(listen: string): string {
  if (!/^((\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):)?\d{1,5}$/.test(listen))
    throw new NginxValueError(`Cannot listen on "${nginxComment(listen)}": give a port, HOST:PORT or [IPv6]:PORT.`);
  return listen;
}

/** An upstream server: HOST:PORT or [IPv6]:PORT. */
export function upstreamAddress(upstream: string): string {
  if (!/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/.test(upstream))
    throw new NginxValueError(`"${nginxComment(upstream)}" is not HOST:PORT.`);
  return upstream;
}
