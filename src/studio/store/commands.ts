// What the studio does that takes a request to its server: load, open an entry, save, follow the
// files on disk. Each reads the state as it is at that moment and reports back by named actions.
import { notifications } from '@mantine/notifications';
import { api, StudioRequestError, watchFiles, type EntrySummary } from '../api.ts';
import { tellPreviews } from '../preview-updates.ts';
import { Contract } from '../schema.ts';
import { invalidInputReason, isDirty } from './studio-state.ts';
import type { StudioStore } from './store.ts';
import { movesAddress, offerMove } from '../rename/move-offer.ts';
import { followDisk, resolveConflict } from '../merge/resolve.ts';
import { offerDraft } from '../drafts/draft-offer.ts';
import { dropDraft } from '../drafts/kept-drafts.ts';
import { setConnectionLost } from '../connection.ts';
import { leaveFresh } from '../fresh-item.ts';
import { settingsParts, type SettingsPart } from '../../../shared/entry-groups.ts';

const addressOf = (entry: EntrySummary) =>
  entry.route
    ? `?path=${encodeURIComponent(entry.route)}`
    : `?file=${encodeURIComponent(entry.file)}${entry.part ? `&part=${entry.part}` : ''}`;

/** The entry the page's address names (?path=, or ?file= and &part=), else the home page, else the first. */
function fromAddress(list: EntrySummary[]): EntrySummary | undefined {
  const params = new URLSearchParams(location.search);
  const path = params.get('path');
  const part = params.get('part') ?? undefined;
  return (
    list.find((e) => (path ? e.route === path : e.file === params.get('file') && e.part === part)) ??
    list.find((e) => !path && e.file === params.get('file')) ??
    list.find((e) => e.route === '/') ??
    list[0]
  );
}

/**
 * Opens `file`. `push`: the address follows (not when the address itself changed); `discard`: the
 * person already chose to drop their edits (the conflict's Reload button), so no second question.
 */
export async function openEntry(
  store: StudioStore,
  file: string,
  { push = true, discard = false, part }: { push?: boolean; discard?: boolean; part?: SettingsPart } = {},
): Promise<void> {
  if (
    isDirty(store.getState()) &&
    !discard &&
    !window.confirm('You have unsaved edits. Leave them and open another entry?')
  )
    return;
  try {
    const read = await api.entry(file);
    const entry = part ? { ...read, part, title: settingsParts[part].title } : read;
    store.dispatch({ type: 'open', entry });
    await offerDraft(store, entry, { drop: discard });
    if (push) window.history.pushState(null, '', addressOf(entry));
    document.title = `${entry.title} · Studio`;
  } catch (error) {
    if (error instanceof StudioRequestError && error.status === 422)
      store.dispatch({ type: 'unreadable', file, message: error.message });
    else store.dispatch({ type: 'failed', message: (error as Error).message });
  }
}

/** First load: the contract, the list, and the entry the address names. */
export async function loadStudio(store: StudioStore): Promise<void> {
  try {
    const [info, entries] = await Promise.all([api.schema(), api.entries()]);
    store.dispatch({
      type: 'loaded',
      contract: new Contract(info.schemas, info.sectionTypes),
      routes: info.routes,
      titles: info.titles,
      images: info.images,
      entries,
    });
    const wanted = fromAddress(entries);
    if (wanted) await openEntry(store, wanted.file, { push: false, part: wanted.part });
    document.documentElement.dataset.studio = 'ready';
  } catch (error) {
    store.dispatch({ type: 'failed', message: (error as Error).message });
  }
}

/** Back and forward in the browser: the entry the address now names. */
export async function followAddress(store: StudioStore): Promise<void> {
  const entries = await api.entries();
  store.dispatch({ type: 'listed', entries });
  const wanted = fromAddress(entries);
  if (wanted) await openEntry(store, wanted.file, { push: false, part: wanted.part });
}

let listsAsked = 0;

/**
 * The addresses and images the pickers offer, as they are on disk now: after a new page, a save
 * (a page's new address), an upload, or a colleague's file. Only the newest answer is kept; a site
 * that does not compile on disk lists no address, and then the lists stay as they were.
 */
export async function refreshLists(store: StudioStore): Promise<void> {
  const ticket = ++listsAsked;
  const lists = await api.lists();
  if (ticket === listsAsked && lists.routes.length) store.dispatch({ type: 'lists', ...lists });
}

/** The content list and the pickers' lists, as they are on disk now. */
export const refreshEntries = (store: StudioStore) =>
  Promise.all([
    api.entries().then((entries) => store.dispatch({ type: 'listed', entries })),
    refreshLists(store).catch(() => undefined),
  ]).then(() => undefined);

/**
 * After the open entry `file` was moved or deleted: the list read again and the entry `next` picks
 * opened. The draft kept of `file` goes with it (a kept draft of a file no longer there would be
 * offered again if the name came back): its edits went into the change, or were deleted with it.
 */
export async function leaveChangedEntry(
  store: StudioStore,
  file: string,
  next: (entries: EntrySummary[]) => string | undefined,
): Promise<void> {
  await refreshEntries(store);
  const opened = next(store.getState().entries);
  if (opened) await openEntry(store, opened, { discard: true });
  if (opened !== file) await dropDraft(file);
}

/** How many problems the live check shows for the draft (in this file, or caused in others). */
const shownProblems = ({ check }: ReturnType<StudioStore['getState']>) =>
  check ? check.errors.length + check.elsewhere.length : 0;

/** Saves the draft if it can be saved; a 409 means the file changed on disk meanwhile (merge/resolve.ts). */
export async function saveEntry(store: StudioStore): Promise<void> {
  // Pressing Save leaves a new list item: its empty fields are problems now, and said.
  leaveFresh();
  const { entry, saving, history, conflict } = store.getState();
  // A newer version is known to be on disk: Save waits for the notice's choice, merge or reload (as the button does).
  if (!entry || saving || conflict) return;
  // Text typed in a field that is no value (letters in a number) is not in the draft: saving would drop it.
  const waiting = invalidInputReason(store.getState());
  if (waiting) return store.dispatch({ type: 'saveFailed', message: `Not saved: ${waiting}` });
  // What the studio shows as a problem is never saved, whatever the server would say.
  const problems = shownProblems(store.getState());
  if (problems)
    return store.dispatch({
      type: 'saveFailed',
      message: `Not saved: ${problems} problem${problems === 1 ? '' : 's'} to fix first, shown in the panel.`,
    });
  // A page given another address: the move dialog offers the redirect and the links first (rename/).
  if (movesAddress(store.getState())) return offerMove(store);
  const draft = history.present;
  store.dispatch({ type: 'saving' });
  try {
    const { version } = await api.save(entry.file, entry.version, draft.data, draft.body);
    store.dispatch({ type: 'saved', version, draft });
    notifications.show({ message: `Saved ${entry.title}`, color: 'green' });
    void refreshEntries(store);
  } catch (error) {
    if (error instanceof StudioRequestError && error.status === 409) {
      // A newer version on disk: merged with the draft (the editor chooses where both changed one thing), then saved.
      store.dispatch({ type: 'conflict' });
      if (await resolveConflict(store)) return saveEntry(store);
    } else store.dispatch({ type: 'saveFailed', message: (error as Error).message });
  }
}

/**
 * Files changed on disk: the list refreshed, the open entry followed or flagged if someone else
 * changed it. The change stream ending means the server stopped or cannot be reached: the
 * connection is lost until the server answers again (with its current key), and then everything
 * that may have changed meanwhile is read again and the stream opened anew, without a reload.
 */
export function watchDisk(store: StudioStore): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** A file other than the open one changed in this burst (the open one's own change is followed below). */
  let elsewhere = false;
  const onChange = (file: string) => {
    const { entry, unreadable } = store.getState();
    elsewhere ||= file !== entry?.file;
    clearTimeout(timer);
    // A burst of changes (a git pull) is heard once: the list read again and, when other files
    // changed, the open draft checked again (they decide some of its problems).
    timer = setTimeout(() => {
      // The preview shows the saved site wherever it shows no edit of this window.
      tellPreviews();
      if (elsewhere) store.dispatch({ type: 'diskChanged' });
      elsewhere = false;
      void refreshEntries(store);
    }, 150);
    if (entry && file === entry.file)
      void api.entry(file).then(
        (onDisk) => followDisk(store, onDisk),
        () => store.dispatch({ type: 'conflict' }),
      );
    if (file === unreadable?.file) void openEntry(store, file, { push: false });
  };
  /** Back after a loss: what may have changed meanwhile read again, the unsaved edit checked (and so previewed) again. */
  const catchUp = () => {
    store.dispatch({ type: 'diskChanged' });
    const file = store.getState().entry?.file;
    if (file) onChange(file);
    void refreshEntries(store).catch(() => undefined);
  };
  void (async () => {
    for (let wasLost = false; ; wasLost = true) {
      let opened = false;
      await watchFiles(onChange, () => {
        opened = true;
        setConnectionLost(false);
        if (wasLost) catchUp();
      });
      setConnectionLost(true);
      // A stream that never opened: the server is not back yet; ask again in a moment.
      if (!opened) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
}
