// The string formats the contract uses (email, uri, date, …), from ajv-formats: the content
// compiler and the lead endpoints validate with the same definitions.
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; under Node's ESM loader its default export arrives wrapped once more.
export const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
