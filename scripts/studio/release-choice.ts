// Which release a publisher is shown and which one a request may put live: the newest save, or,
// when the publisher holds languages back, that save with those languages' translations as
// visitors see them now (scripts/publish/held-languages.ts). The list shown is of that release,
// and a request names it with the languages it held back: the server composes it again from the
// newest save and the live release, and anything else is refused (409), so what goes live, or is
// approved or scheduled, is exactly what was shown. The language the site is written in always goes
// live; a language the site does not declare is not one to hold back.
import { mostHeldBack, type PublishLanguage } from '../../shared/publishing.ts';
import { liveCommit, type ApprovalPlace } from '../publish/approval.ts';
import { headCommit, resolveCommit, savesSince, UnknownCommit } from '../publish/git.ts';
import { composedOf, composeRelease, languagesAt, languagesChanged } from '../publish/held-languages.ts';
import { StudioError } from './files.ts';

/** The languages a request holds back: codes as site.yaml declares them (de, pt-BR), each once. */
export const heldBackSchema = {
  type: 'array',
  items: { type: 'string', pattern: '^[a-z]{2,3}(-[A-Z]{2})?$' },
  maxItems: mostHeldBack,
  uniqueItems: true,
} as const;

export const newerSaves =
  'Changes were saved since this list was shown, so nothing was published. They are listed now: look at them, then publish again.';
const noLiveVersion =
  'Every language goes live together until the site has been published once from the studio: publish them all this time.';

/** The full hash of the commit a request names, refused in words when it names none of the saved site's. */
async function namedCommit(root: string, named: unknown): Promise<string> {
  if (typeof named !== 'string' || !named)
    throw new StudioError(400, 'Say which changes to publish: open the list of changes again and publish from there.');
  return resolveCommit(root, named).catch((error: unknown) => {
    if (error instanceof UnknownCommit)
      throw new StudioError(400, 'These changes are not part of the saved site. Open the list of changes again.');
    throw error;
  });
}

/** The commit a publisher reviewed, as the request names it: refused in words unless it is still the newest save. */
export async function reviewedCommit(root: string, named: unknown): Promise<string> {
  const commit = await namedCommit(root, named);
  if ((await savesSince(root, commit)) !== 0) throw new StudioError(409, newerSaves);
  return commit;
}

/** The languages `saved` declares, once every code held back is checked to be one of them other than the first. */
async function checkedHoldBack(root: string, saved: string, holdBack: readonly string[]) {
  const declared = await languagesAt(root, saved);
  for (const code of holdBack) {
    const index = declared.findIndex((language) => language.code === code);
    if (index < 0) throw new StudioError(400, `The site is not offered in “${code.slice(0, 20)}”.`);
    if (index === 0)
      throw new StudioError(
        400,
        `${declared[0].name} is the language the site is written in: its changes always go live, so it cannot be held back.`,
      );
  }
  return declared;
}

/**
 * The release to show for the newest save (`saved`) holding back `holdBack`, and the languages
 * whose translations changed since the live version, each marked held back or not.
 */
export async function releaseChoice(
  root: string,
  { saved, live, holdBack }: { saved: string; live: string | undefined; holdBack: readonly string[] },
): Promise<{ commit: string; languages: PublishLanguage[] }> {
  if (!saved || !live) {
    if (holdBack.length) throw new StudioError(409, noLiveVersion);
    return { commit: saved, languages: [] };
  }
  const declared = await checkedHoldBack(root, saved, holdBack);
  const changed = new Set(await languagesChanged(root, live, saved));
  const languages = declared
    .slice(1)
    .filter((language) => changed.has(language.code))
    .map((language) => ({ ...language, heldBack: holdBack.includes(language.code) }));
  const commit = holdBack.length ? await composeRelease(root, { saved, live, holdBack }) : saved;
  return { commit, languages };
}

/**
 * The release a request names with the languages its list held back, refused in words unless
 * composing it again from the newest save and the live release gives that very commit.
 */
export async function reviewedRelease(
  place: ApprovalPlace,
  named: unknown,
  holdBack: readonly string[] = [],
): Promise<string> {
  if (!holdBack.length) return reviewedCommit(place.root, named);
  const shown = await namedCommit(place.root, named);
  const [saved, live] = await Promise.all([headCommit(place.root), liveCommit(place)]);
  const { commit } = await releaseChoice(place.root, { saved, live, holdBack });
  if (commit !== shown) throw new StudioError(409, newerSaves);
  return commit;
}

/** A version named for a review: the newest save, or a release of it holding languages back that is still current. */
export async function reviewedVersion(place: ApprovalPlace, named: unknown): Promise<string> {
  const composed = await composedOf(place.root, await namedCommit(place.root, named));
  return composed ? reviewedRelease(place, named, composed.holdBack) : reviewedCommit(place.root, named);
}

/** Whether `commit` is what a release shown now would be: the newest save, or such a release of it. */
export async function stillCurrent(place: ApprovalPlace, commit: string, head: string): Promise<boolean> {
  if (commit === head) return true;
  const composed = await composedOf(place.root, commit);
  if (!composed || composed.saved !== head) return false;
  return reviewedRelease(place, commit, composed.holdBack).then(
    () => true,
    () => false,
  );
}
