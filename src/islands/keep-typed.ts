// What a visitor typed into an island before React took it over is kept. Hydration attaches React
// to the existing fields without reading them, so its state still holds the prerendered (empty)
// values while the fields show what was typed. Right after hydration, each field that differs from
// its prerendered value is handed to React as a change (the same input event typing sends),
// so the form sends what the visitor sees. Focus and the caret stay where they were.
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const prerendered = (field: Field): string =>
  field instanceof HTMLSelectElement
    ? (([...field.options].find((option) => option.defaultSelected) ?? field.options[0])?.value ?? '')
    : field.defaultValue;

const checkable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** The value setter of the element's own class, which React's change tracking does not see. */
function setUntracked(field: Field, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  setter?.call(field, value);
}

export function keepTyped(root: Element): void {
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (checkable(field)) {
      if (field.checked === field.defaultChecked) continue;
      // Back to the prerendered state as React knows it, then the visitor's click again.
      field.checked = field.defaultChecked;
      field.click();
      continue;
    }
    const typed = field.value;
    const initial = prerendered(field);
    if (typed === initial) continue;
    const focused = field.ownerDocument.activeElement === field;
    const text = field instanceof HTMLSelectElement ? undefined : field;
    const selection = focused && text ? ([text.selectionStart, text.selectionEnd] as const) : undefined;
    // Through the tracked setter React records the prerendered value; the untracked one then
    // shows the typed text again, and the event makes React take it as a change.
    field.value = initial;
    setUntracked(field, typed);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
    if (text && selection?.[0] != null && selection[1] != null) text.setSelectionRange(selection[0], selection[1]);
  }
}
