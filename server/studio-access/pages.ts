// The studio's sign-in pages, rendered on the server: plain HTML forms that work without
// JavaScript, readable by a screen reader (one heading, labelled fields, the error tied to its
// field). Every value is escaped by `entities` through the html`` template; only markup built by
// that template is inserted as it is.
import { escapeUTF8 } from 'entities';
import { LINK_PATH, SIGN_IN_PATH } from './links.ts';

export const SIGN_OUT_PATH = '/_studio/sign-out';

/** Markup made by html``: the only text inserted without escaping. */
export class Markup {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

type Value = string | number | Markup | Markup[] | false | undefined;

export function html(strings: TemplateStringsArray, ...values: Value[]): Markup {
  const text = (value: Value): string => {
    if (value === false || value === undefined) return '';
    if (value instanceof Markup) return value.text;
    if (Array.isArray(value)) return value.map(text).join('');
    return escapeUTF8(String(value));
  };
  return new Markup(strings.reduce((out, part, i) => out + text(values[i - 1]) + part));
}

const style = `
body { font: 1rem/1.5 system-ui, sans-serif; color: #1a1b1e; background: #f4f5f7; margin: 0; }
main { max-width: 26rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 0.5rem;
  box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
h1 { font-size: 1.4rem; margin: 0 0 1rem; }
label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
input[type=email] { box-sizing: border-box; width: 100%; font: inherit; padding: 0.5rem; border: 1px solid #868e96;
  border-radius: 0.25rem; }
button, .button { display: inline-block; margin-top: 1rem; font: inherit; font-weight: 600; padding: 0.5rem 1rem;
  border: 0; border-radius: 0.25rem; background: #1c4e80; color: #fff; cursor: pointer; text-decoration: none; }
.secondary { background: #495057; }
:focus-visible { outline: 3px solid #f08c00; outline-offset: 2px; }
.error { color: #b3261e; font-weight: 600; }
.notice { background: #e7f5ff; padding: 0.5rem 0.75rem; border-radius: 0.25rem; }
.or { margin: 1.5rem 0 0; color: #495057; }
`;

export interface PageContext {
  siteName: string;
}

export function page(context: PageContext, title: string, body: Markup, head?: Markup): string {
  return `<!doctype html>${
    html`<html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        ${head}
        <title>${title} · ${context.siteName} studio</title>
        <style>
          ${new Markup(style)}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html> `.text
  }`;
}

export interface SignInFormOptions {
  /** The address typed before, shown again beside an error. */
  email?: string;
  error?: string;
  notice?: string;
  /** "Sign in with <provider>" where an OpenID provider is set up. */
  provider?: { label: string; href: string };
}

export function signInPage(context: PageContext, options: SignInFormOptions = {}): string {
  const { email, error, notice, provider } = options;
  return page(
    context,
    error ? 'Error: sign in' : 'Sign in',
    html`<h1>Sign in to the ${context.siteName} studio</h1>
      ${notice && html`<p class="notice">${notice}</p>`}
      <form method="post" action="${SIGN_IN_PATH}">
        <label for="email">Your e-mail address</label>
        <input
          id="email"
          name="email"
          type="email"
          autocomplete="email"
          required
          value="${email ?? ''}"
          ${error ? html` aria-invalid="true" aria-describedby="email-error"` : ''}
        />
        ${error && html`<p id="email-error" class="error">${error}</p>`}
        <p>We will e-mail you a link that signs you in. No password needed.</p>
        <button type="submit">E-mail me a sign-in link</button>
      </form>
      ${
        provider &&
        html`<p class="or">Or:</p>
          <a class="button secondary" href="${provider.href}">${provider.label}</a>`
      }`,
  );
}

export function linkSentPage(context: PageContext, minutes: number): string {
  return page(
    context,
    'Check your e-mail',
    html`<h1>Check your e-mail</h1>
      <p>
        If that address may edit this site, a sign-in link is on its way to it now. Open it within ${minutes} minutes,
        on the device you want to work on; it works once.
      </p>
      <p>
        Nothing arrived after a few minutes? Look in your spam folder, check the address, or
        <a href="${SIGN_IN_PATH}">ask for another link</a>.
      </p>`,
  );
}

/** What a mailed link opens: a button that signs in, so that a mail scanner fetching the link spends nothing. */
export function confirmPage(context: PageContext, email: string, token: string): string {
  return page(
    context,
    'Sign in',
    html`<h1>Sign in to the ${context.siteName} studio</h1>
      <p>You are signing in as <strong>${email}</strong>.</p>
      <form method="post" action="${LINK_PATH}">
        <input type="hidden" name="token" value="${token}" />
        <button type="submit">Sign in</button>
      </form>`,
  );
}

export function linkInvalidPage(context: PageContext, minutes: number): string {
  return signInPage(context, {
    error: `That sign-in link has expired or has already been used: each link works once, within ${minutes} minutes. Ask for a new one here.`,
  });
}

export function messagePage(context: PageContext, title: string, message: string): string {
  return page(
    context,
    title,
    html`<h1>${title}</h1>
      <p>${message}</p>
      <p><a href="${SIGN_IN_PATH}">Back to sign-in</a></p>`,
  );
}

/** The studio's home while the studio itself is not mounted: who is signed in, and the way out. */
export function signedInPage(context: PageContext, email: string, role: string): string {
  return page(
    context,
    'Signed in',
    html`<h1>${context.siteName} studio</h1>
      <p>You are signed in as <strong>${email}</strong> (${role}).</p>
      <form method="post" action="${SIGN_OUT_PATH}">
        <button type="submit">Sign out</button>
      </form>`,
  );
}

/**
 * After a sign-in that began on another site (an OpenID provider): a page of this site that moves
 * on to the studio by itself. A redirect would not do, as the browser holds back a SameSite=Strict
 * cookie on every step of a navigation that another site started.
 */
export function signedInMovingOnPage(context: PageContext, email: string, to: string): string {
  return page(
    context,
    'Signed in',
    html`<h1>You are signed in</h1>
      <p>You are signed in as <strong>${email}</strong>. <a href="${to}">Continue to the studio</a></p>`,
    html`<meta http-equiv="refresh" content="0; url=${to}" />`,
  );
}
