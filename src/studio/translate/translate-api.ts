// The translation view's calls to the studio's server (scripts/studio/translation-routes.ts).
import type { TranslationLanguages, TranslationSave, TranslationView } from '../../../shared/translation-protocol.ts';
import { call } from '../api.ts';

const q = (file: string, language: string) =>
  `file=${encodeURIComponent(file)}&language=${encodeURIComponent(language)}`;

export const translateApi = {
  languages: (file: string) => call<TranslationLanguages>(`translation/languages?file=${encodeURIComponent(file)}`),
  view: (file: string, language: string) => call<TranslationView>(`translation?${q(file, language)}`),
  save: (file: string, language: string, save: TranslationSave) =>
    call<TranslationView>(`translation/save?${q(file, language)}`, { body: save }),
};
