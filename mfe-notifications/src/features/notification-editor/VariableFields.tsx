import { Box, Field, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useLocalize } from '@suite/shared';
import { type TemplateVariable } from '@suite/shared/console';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { TextAreaField } from '../common/TextAreaField';
import { emptyValue, typedHour, typedMinutes, type TimeDraft, type VariableDraft } from './editorForm';

export interface VariableFieldProps {
  variable: TemplateVariable;
  value: VariableDraft | undefined;
  onChange: (value: VariableDraft) => void;
  error?: string;
  disabled: boolean;
  /** The first day a date variable takes (tomorrow in the notification's zone). */
  minDate: string;
}

/** One template variable by its type (docs/product/notifications.md, Fields and states): text (one line or several), date, time (hour and minutes, optional complement) or check. */
export function VariableField({ variable, value = emptyValue(variable), onChange, error, disabled, minDate }: VariableFieldProps) {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  const shownError = localized(error);
  switch (variable.type) {
    case 'text': {
      const text = typeof value === 'string' ? value : '';
      const remaining = t('editor.remaining', { count: variable.maxLength - [...text].length });
      if (variable.multiline) {
        return (
          <TextAreaField
            label={variable.label}
            rows={variable.rows}
            maxLength={variable.maxLength}
            value={text}
            disabled={disabled}
            error={shownError}
            hint={remaining}
            onChange={onChange}
          />
        );
      }
      return (
        <Field.Root invalid={Boolean(error)} disabled={disabled} required>
          <Field.Label>
            {variable.label}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input maxLength={variable.maxLength} autoComplete="off" value={text} onChange={(event) => onChange(event.target.value)} />
          {error ? <Field.ErrorText>{shownError}</Field.ErrorText> : <Field.HelperText>{remaining}</Field.HelperText>}
        </Field.Root>
      );
    }
    case 'date':
      return (
        <Field.Root invalid={Boolean(error)} disabled={disabled} required>
          <Field.Label>
            {variable.label}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="date"
            min={minDate}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.target.value)}
            maxW="xs"
          />
          <Field.ErrorText>{shownError}</Field.ErrorText>
        </Field.Root>
      );
    case 'time':
      return <TimeField variable={variable} value={value as TimeDraft} onChange={onChange} error={shownError} disabled={disabled} />;
    case 'check':
      return (
        <chakra.label display="inline-flex" alignItems="center" gap="2" opacity={disabled ? 0.6 : 1}>
          <input type="checkbox" checked={value === true} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
          {variable.label}
        </chakra.label>
      );
  }
}

/** Hour and minutes, digits only and clamped (0-23, 0-59), and the complement checkbox when the template has one. */
function TimeField({
  variable,
  value,
  onChange,
  error,
  disabled,
}: {
  variable: Extract<TemplateVariable, { type: 'time' }>;
  value: TimeDraft;
  onChange: (value: TimeDraft) => void;
  error?: string;
  disabled: boolean;
}) {
  const { t } = useTranslation(NS);
  const errorId = useId();
  const described = error ? errorId : undefined;
  // what the hour and the minutes inputs share: two digits at most, the field's error and state
  const timePartProps = (ariaLabel: string, placeholder: string, maxLength: number) => ({
    'aria-label': ariaLabel,
    placeholder,
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    maxLength: maxLength || 2,
    w: '20',
    disabled,
    'aria-invalid': Boolean(error) || undefined,
    'aria-describedby': described,
  });
  return (
    <Box as="fieldset" minW={0}>
      <chakra.legend fontWeight="medium" fontSize="sm" mb="1.5">
        {variable.label}
        <Text as="span" color="fg.error" ms="0.5" aria-hidden="true">
          *
        </Text>
      </chakra.legend>
      <Stack gap="2">
        <HStack gap="2" align="center">
          <Input
            {...timePartProps(`${variable.label}: ${t('editor.hour')}`, t('editor.hour'), variable.hour.maxLength)}
            value={value.hour}
            onChange={(event) => onChange({ ...value, hour: typedHour(event.target.value) })}
          />
          <Text as="span" aria-hidden="true">
            :
          </Text>
          <Input
            {...timePartProps(`${variable.label}: ${t('editor.minutes')}`, t('editor.minutes'), variable.minutes.maxLength)}
            value={value.minutes}
            onChange={(event) => onChange({ ...value, minutes: typedMinutes(event.target.value) })}
          />
        </HStack>
        {variable.complement !== null ? (
          <chakra.label display="inline-flex" alignItems="center" gap="2" opacity={disabled ? 0.6 : 1}>
            <input
              type="checkbox"
              checked={value.complement}
              disabled={disabled}
              onChange={(event) => onChange({ ...value, complement: event.target.checked })}
            />
            {variable.complement}
          </chakra.label>
        ) : null}
        {error ? (
          <Text id={errorId} color="fg.error" fontSize="xs">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}
