import { Button, HStack } from '@chakra-ui/react';
import { LANGUAGES, changeLanguage, readableOn, useProfileInMode, type PortalProfile, type SignInVariant } from '@suite/shared';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** Sign-in looks whose applications show the language bar on every public screen (docs/product/portal.md, Languages). */
export const LANGUAGE_BAR_VARIANTS: readonly SignInVariant[] = ['translated'];

export function hasLanguageBar(profile: Pick<PortalProfile, 'signInVariant'>): boolean {
  return LANGUAGE_BAR_VARIANTS.includes(profile.signInVariant);
}

/** The language bar: es, en, pt; choosing one writes bms_lang and re-renders every text. */
export function LanguageSelector() {
  const { t, i18n } = useTranslation(NS);
  const { palette } = useProfileInMode();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const bar = palette.primary.dark;
  const ink = readableOn(bar, '#ffffff');
  return (
    <HStack
      role="group"
      aria-label={t('languages.label')}
      justify="flex-end"
      gap="1"
      px="4"
      py="2"
      bg={bar}
      data-testid="language-selector"
    >
      {LANGUAGES.map((language) => {
        const chosen = language === current;
        return (
          <Button
            key={language}
            size="sm"
            variant="ghost"
            aria-pressed={chosen}
            bg={chosen ? ink : 'transparent'}
            color={chosen ? bar : ink}
            fontWeight={chosen ? 'bold' : 'normal'}
            _hover={{ bg: chosen ? ink : 'whiteAlpha.300' }}
            focusRingColor={ink}
            onClick={() => void changeLanguage(language)}
          >
            {t(`languages.${language}`)}
          </Button>
        );
      })}
    </HStack>
  );
}
