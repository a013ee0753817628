// The preview's error screen (dev only: the dev server adds this module to its pages; a build
// never does). It says what is wrong, where, and what to type, in the same words as
// `npm run validate`, in front of the last version of the page that worked. It names no build tool.
interface ShownError {
  file: string;
  line: number;
  col: number;
  path: string;
  message: string;
  frame: string;
}

import { siteUrl } from '../routing/site-base.ts';
import { siteChangedEvent } from '../../shared/route-data.ts';
import { previewPath, studioPath } from '../../shared/studio-protocol.ts';
import { followsSiteInPlace } from './follow-preview.ts';

const errorsUrl = siteUrl('/_site/errors');
const event = 'site:errors';

const style = `
  :host { all: initial; position: fixed; inset: 0; z-index: 2147483647; display: flex; align-items: flex-start; justify-content: center;
    background: rgba(15, 23, 42, 0.55); overflow: auto; font: 16px/1.5 system-ui, sans-serif; }
  .panel { margin: 5vh 16px; max-width: 880px; width: 100%; background: #fff; color: #1f2937; border-radius: 12px;
    border-top: 6px solid #b91c1c; box-shadow: 0 20px 50px rgba(0, 0, 0, 0.3); padding: 24px 28px; }
  h2 { font-size: 1.35rem; margin: 0 0 4px; color: #991b1b; }
  .lead { margin: 0 0 20px; color: #4b5563; }
  li { margin: 0 0 20px; list-style: none; }
  ol { padding: 0; margin: 0; }
  .where { font-weight: 600; }
  .at { color: #4b5563; }
  .message { margin: 4px 0 8px; }
  pre { margin: 0; padding: 12px; background: #f3f4f6; border-radius: 8px; overflow-x: auto; font: 14px/1.45 ui-monospace, monospace; }
  button { font: inherit; border: 1px solid #d1d5db; background: #fff; border-radius: 6px; padding: 4px 12px; cursor: pointer; }
  .foot { display: flex; justify-content: space-between; align-items: center; gap: 12px; color: #4b5563; }
`;

const element = (tag: string, className?: string, text?: string) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

let host: HTMLElement | undefined;

function show(errors: ShownError[]) {
  host?.remove();
  host = undefined;
  if (!errors.length) return;
  host = document.createElement('site-error-screen');
  const root = host.attachShadow({ mode: 'open' });
  root.append(element('style', undefined, style));
  const panel = element('section', 'panel');
  panel.setAttribute('role', 'alertdialog');
  panel.setAttribute('aria-labelledby', 'title');
  const title = element(
    'h2',
    undefined,
    errors.length === 1 ? 'One thing to fix in site/' : `${errors.length} things to fix in site/`,
  );
  title.id = 'title';
  const lead = element(
    'p',
    'lead',
    'Behind this message is the last version of the page that worked. Fix the line below and save: the page updates by itself.',
  );
  const list = element('ol');
  for (const error of errors) {
    const item = element('li');
    const where = element('div', 'where', `${error.file}, line ${error.line}`);
    if (error.path) where.append(element('span', 'at', ` · ${error.path}`));
    item.append(where, element('p', 'message', error.message.charAt(0).toUpperCase() + error.message.slice(1)));
    if (error.frame) item.append(element('pre', undefined, error.frame));
    list.append(item);
  }
  const foot = element('div', 'foot');
  const close = element('button', undefined, 'Hide for now');
  close.addEventListener('click', () => show([]));
  foot.append(element('span', undefined, 'The same list appears in the terminal and in `npm run validate`.'), close);
  panel.append(title, lead, list, foot);
  root.append(panel);
  document.body.append(host);
}

async function current() {
  try {
    const response = await fetch(errorsUrl, { cache: 'no-store' });
    if (response.ok) show(((await response.json()) as { errors: ShownError[] }).errors);
  } catch {
    // The preview server has stopped: nothing to show.
  }
}

/** The studio's own page keeps its state when the site changes: it checks its entry again by itself. */
const isStudioPage = location.pathname.startsWith(studioPath) && !location.pathname.startsWith(previewPath);

if (import.meta.hot) {
  import.meta.hot.on(event, (report: { errors: ShownError[] }) => show(report.errors));
  // New data for the site: a page that does not show it in place (any page but the studio's
  // preview, or one that never rendered the site) loads again.
  import.meta.hot.on(siteChangedEvent, () => {
    if (!followsSiteInPlace() && !isStudioPage) location.reload();
  });
  void current();
}
