import { Box, Field, IconButton, Input, InputGroup, Text, VisuallyHidden } from '@chakra-ui/react';
import { PASSWORD_SPECIALS, passwordChecklist, type PasswordChecklist } from '@suite/shared';
import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon } from './EyeIcon';
import { NS } from '../i18n';

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
          <IconButton
            aria-label={shown ? hideLabel : showLabel}
            aria-pressed={shown}
            variant="ghost"
            size="sm"
            me="-2"
            onClick={() => setShown((s) => !s)}
          >
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

/** The live checklist of the password rules (docs/product/passwords.md, Password rules), from the shared contract. */
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
