// Edit mode: the page is the studio's preview. Then each section's root carries `data-section`, its
// index in the page's sections (as Tina marks fields with data-tina-field, but once per section, by
// SectionFrame), and a click in the preview finds the section's data from it. Only a page of the
// dev server or of the studio's prebuilt preview, inside the studio's preview frame (which carries
// `previewFrameAttribute`), is in edit mode: `import.meta.env.DEV` and `.STUDIO_PREVIEW` are both
// false in the visitors' build, so their pages carry no such attribute and their code none of this.
export const previewFrameAttribute = 'data-studio-preview';

export const editMode: boolean =
  (import.meta.env.DEV || import.meta.env.STUDIO_PREVIEW) &&
  typeof window !== 'undefined' &&
  window.frameElement?.hasAttribute(previewFrameAttribute) === true;
