import { Button } from '@chakra-ui/react';
import type { ColorMode } from '@suite/shared';
import { useTranslation } from 'react-i18next';
import { NS } from '../../../i18n';

function MoonIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
    </svg>
  );
}

/** Dark-theme switch of the myself template: a button with role switch, so it is named, checked and keyboard-operable. */
export function ThemeSwitch({ mode, onChange, color }: { mode: ColorMode; onChange: (mode: ColorMode) => void; color: string }) {
  const { t } = useTranslation(NS);
  const dark = mode === 'dark';
  return (
    <Button
      role="switch"
      aria-checked={dark}
      variant="outline"
      size="sm"
      color={color}
      borderColor={color}
      _hover={{ bg: 'transparent', opacity: 0.85 }}
      onClick={() => onChange(dark ? 'light' : 'dark')}
    >
      <MoonIcon />
      {t('signIn.darkTheme')}
    </Button>
  );
}
