import { HStack, Input, chakra } from '@chakra-ui/react';
import { useLocalize } from '@suite/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { APPEARANCE_NS } from './i18n';
import { longHex } from './appearanceFields';

const Swatch = chakra('input', {
  base: {
    w: '10',
    h: '10',
    p: '0.5',
    borderWidth: '1px',
    borderRadius: 'md',
    cursor: 'pointer',
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export interface ColourFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  error?: string;
  /** For an override: the inherited colour shown when the field is empty. */
  inherited?: string;
}

/** A colour: the native picker and its hexadecimal text, kept in step; labelled for both. */
export function ColourField({ label, value, onChange, disabled, error, inherited }: ColourFieldProps) {
  const { t } = useTranslation(APPEARANCE_NS);
  const localized = useLocalize();
  const id = useId();
  const shown = value || inherited || '';
  return (
    <chakra.div minW="0">
      <chakra.label htmlFor={`${id}-hex`} fontSize="sm" fontWeight="medium" display="block" mb="1" opacity={disabled ? 0.6 : 1}>
        {label}
      </chakra.label>
      <HStack gap="2">
        <Swatch
          type="color"
          aria-label={label}
          value={longHex(shown) || '#000000'}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
        <Input
          id={`${id}-hex`}
          size="sm"
          maxW="32"
          spellCheck={false}
          autoComplete="off"
          aria-label={t('colourHex', { label })}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error || inherited ? `${id}-help` : undefined}
          placeholder={inherited}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value.trim())}
        />
      </HStack>
      {error ? (
        <chakra.p id={`${id}-help`} fontSize="xs" color="fg.error" mt="1">
          {localized(error)}
        </chakra.p>
      ) : inherited && !value ? (
        <chakra.p id={`${id}-help`} fontSize="xs" color="fg.muted" mt="1">
          {t('inherited', { value: inherited })}
        </chakra.p>
      ) : null}
    </chakra.div>
  );
}
