// The last moments a draft can be written before the page may be gone: the page being hidden or
// closed (pagehide), or the tab going to the background, which on a phone or a laptop put to
// sleep may be the last chance. Shared by the entry editor's drafts and the translation view's.

/** Calls `leaving` at each of those moments; returns the stop. */
export function onPageLeaving(leaving: () => void): () => void {
  const onVisibility = () => document.visibilityState === 'hidden' && leaving();
  window.addEventListener('pagehide', leaving);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', leaving);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
