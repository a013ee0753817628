// Which languages' translations go live with Publish: one box per language whose translations were
// saved but are not live yet, named as the site names it ("Deutsch"), all ticked at first. An
// unticked language keeps its translations as visitors see them now; its changes stay listed as not
// published, to publish later. The site's own language is never offered: its changes always go live.
import { Checkbox, Group } from '@mantine/core';
import type { PublishLanguage } from '../../../shared/publishing.ts';

/** The codes of the languages held back, from the languages as a list shows them. */
export const heldBackOf = (languages: PublishLanguage[] | undefined): string[] =>
  (languages ?? []).filter((language) => language.heldBack).map((language) => language.code);

export function LanguageChoice({
  languages,
  disabled,
  onChange,
}: {
  languages: PublishLanguage[] | undefined;
  disabled: boolean;
  /** Called with the languages to hold back. */
  onChange: (holdBack: string[]) => void;
}) {
  if (!languages?.length) return null;
  return (
    <Checkbox.Group
      label="Translations to publish now"
      description="Untick a language whose translation is not ready yet: its new words stay off the live site and wait here to be published later. Changes in the site's own language always go live."
      value={languages.filter((language) => !language.heldBack).map((language) => language.code)}
      onChange={(ticked) =>
        onChange(languages.filter((language) => !ticked.includes(language.code)).map((language) => language.code))
      }
    >
      <Group mt="xs">
        {languages.map((language) => (
          <Checkbox
            key={language.code}
            value={language.code}
            disabled={disabled}
            label={
              <span lang={language.code} dir={language.direction}>
                {language.name}
              </span>
            }
          />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
