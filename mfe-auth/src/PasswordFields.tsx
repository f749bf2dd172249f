import { Box, Field, IconButton, Input, InputGroup, Text, VisuallyHidden } from '@chakra-ui/react';
import { PASSWORD_SPECIALS, passwordChecklist, type PasswordChecklist } from '@suite/shared';
import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from './i18n';

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12Z" />
      <circle cx="12" cy="12" r="3" />
      {open ? null : <path d="M3 3l18 18" />}
    </svg>
  );
}

/** A password input with its show/hide toggle; `showLabel`/`hideLabel` name the toggle for this field. */
export function PasswordInput({
  label,
  showLabel,
  hideLabel,
  error,
  inputProps,
}: {
  label: string;
  showLabel: string;
  hideLabel: string;
  error?: string;
  inputProps: Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'value' | 'onChange' | 'name'>;
}) {
  const [shown, setShown] = useState(false);
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <InputGroup
        endElement={
          <IconButton aria-label={shown ? hideLabel : showLabel} aria-pressed={shown} variant="ghost" size="sm" me="-2" onClick={() => setShown((s) => !s)}>
            <EyeIcon open={shown} />
          </IconButton>
        }
      >
        <Input type={shown ? 'text' : 'password'} {...inputProps} />
      </InputGroup>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

const RULES: Array<keyof PasswordChecklist> = ['length', 'upper', 'lower', 'digit', 'special', 'allowedOnly'];

/** The live checklist of the password rules (portal spec §5), from the shared contract. */
export function PasswordRules({ password }: { password: string }) {
  const { t } = useTranslation(NS);
  const checks = passwordChecklist(password);
  return (
    <Box as="ul" aria-label={t('password.rulesLabel')} listStyleType="none" p="0" m="0" fontSize="sm">
      {RULES.map((rule) => (
        <Text as="li" key={rule} color={checks[rule] ? 'green.600' : 'fg.muted'} data-met={checks[rule]}>
          <span aria-hidden="true">{checks[rule] ? '✓ ' : '✗ '}</span>
          {t(`password.rules.${rule}`, { specials: PASSWORD_SPECIALS })}
          <VisuallyHidden>{checks[rule] ? ` (${t('password.met')})` : ` (${t('password.notMet')})`}</VisuallyHidden>
        </Text>
      ))}
    </Box>
  );
}
