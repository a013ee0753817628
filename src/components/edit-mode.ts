// Edit mode: the page is the studio's preview. Then each section's root carries `data-section`, its
// index in the page's sections (as Tina marks fields with data-tina-field, but once per section, by
// SectionFrame), and a click in the preview finds the section's data from it. Only a page of the
// dev server inside the studio's preview frame (which carries `previewFrameAttribute`) is in edit
// mode: `import.meta.env.DEV` is false in a build, so the visitors' pages carry no such attribute
// and their code holds none of this.
export const previewFrameAttribute = 'data-studio-preview';

export const editMode: boolean =
  import.meta.env.DEV &&
  typeof window !== 'undefined' &&
  window.frameElement?.hasAttribute(previewFrameAttribute) === true;
