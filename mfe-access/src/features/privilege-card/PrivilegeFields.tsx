import { Box, Field, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useLocalize } from '@suite/shared';
import { StateSwitch, TextArea, ACCESS_TEXT_MAX, PRIVILEGE_NAME_INPUT_MAX, type ApplicationSummary } from '@suite/shared/console';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { remaining, type PrivilegeErrors, type PrivilegeForm } from './privilegeForm';

export interface PrivilegeFieldsProps {
  form: PrivilegeForm;
  onChange: (next: PrivilegeForm) => void;
  errors: PrivilegeErrors;
  editing: boolean;
  /** The name is fixed once the privilege exists (docs/product/access.md, Rules). */
  nameFixed: boolean;
  /** The applications it may be given (with those it holds). */
  applications: readonly ApplicationSummary[];
}

const Fieldset = chakra('fieldset', { base: { borderWidth: '1px', borderRadius: 'md', p: '3', minW: 0 } });
const Legend = chakra('legend', { base: { px: '1', fontWeight: 'medium', fontSize: 'sm' } });

/** Identity validation: only 'Por credenciales' is offered; the others exist, disabled. */
const VALIDATIONS = ['credentials', 'validation1', 'validation2', 'validation3'] as const;

/** The privilege's fields (docs/product/access.md, Screens and Rules). */
export function PrivilegeFields({ form, onChange, errors, editing, nameFixed, applications }: PrivilegeFieldsProps) {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  const baseId = useId();
  const set = <K extends keyof PrivilegeForm>(key: K, value: PrivilegeForm[K]) => onChange({ ...form, [key]: value });
  const toggleApp = (name: string, on: boolean) =>
    set('application', on ? [...form.application, name] : form.application.filter((held) => held.toLowerCase() !== name.toLowerCase()));
  const holds = (name: string) => form.application.some((held) => held.toLowerCase() === name.toLowerCase());

  return (
    <Stack gap="4">
      <Field.Root invalid={Boolean(errors.name)} disabled={!editing || nameFixed} required>
        <Field.Label>{t('privilegeCard.fields.name')}</Field.Label>
        <Input
          autoComplete="off"
          maxLength={PRIVILEGE_NAME_INPUT_MAX}
          value={form.name}
          onChange={(event) => set('name', event.target.value)}
        />
        <Field.ErrorText>{localized(errors.name)}</Field.ErrorText>
      </Field.Root>
      {/* a plain textarea: labelled and described by hand (Field only wires its own controls) */}
      <Stack gap="1.5">
        <chakra.label htmlFor={`${baseId}-description`} fontSize="sm" fontWeight="medium" opacity={editing ? 1 : 0.5}>
          {t('privilegeCard.fields.description')}
        </chakra.label>
        <TextArea
          id={`${baseId}-description`}
          minH="20"
          disabled={!editing}
          maxLength={ACCESS_TEXT_MAX}
          value={form.description}
          aria-invalid={Boolean(errors.description) || undefined}
          aria-describedby={`${baseId}-description-help`}
          borderColor={errors.description ? 'border.error' : undefined}
          onChange={(event) => set('description', event.target.value)}
        />
        <Text id={`${baseId}-description-help`} fontSize="xs" color={errors.description ? 'fg.error' : 'fg.muted'} aria-live="polite">
          {errors.description
            ? localized(errors.description)
            : t('privilegeCard.remaining', { count: remaining(form.description, ACCESS_TEXT_MAX) })}
        </Text>
      </Stack>
      <HStack gap="8" flexWrap="wrap">
        {(['licence', 'isAuditable'] as const).map((key) => (
          <HStack key={key} gap="2">
            <StateSwitch
              checked={form[key]}
              label={t(`privilegeCard.fields.${key}`)}
              disabled={!editing}
              onChange={(next) => set(key, next)}
            />
            <Text as="span" aria-hidden="true">
              {t(`privilegeCard.fields.${key}`)}
            </Text>
          </HStack>
        ))}
      </HStack>
      <Fieldset role="radiogroup" aria-labelledby={`${baseId}-validation`}>
        <Legend id={`${baseId}-validation`}>{t('privilegeCard.fields.validation')}</Legend>
        <HStack gap="5" flexWrap="wrap">
          {VALIDATIONS.map((option) => (
            <chakra.label key={option} display="inline-flex" alignItems="center" gap="1.5" opacity={option === 'credentials' ? 1 : 0.5}>
              <input
                type="radio"
                name={`${baseId}-validation`}
                value={option}
                checked={option === 'credentials'}
                disabled={option !== 'credentials' || !editing}
                readOnly
              />
              {t(`privilegeCard.fields.${option}`)}
            </chakra.label>
          ))}
        </HStack>
      </Fieldset>
      <Fieldset
        aria-describedby={errors.application ? `${baseId}-apps-error` : undefined}
        aria-invalid={Boolean(errors.application) || undefined}
      >
        <Legend>{t('privilegeCard.fields.applications')}</Legend>
        <Box display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="2">
          {applications.map((app) => (
            <chakra.label key={app.name} display="inline-flex" alignItems="center" gap="2">
              <input
                type="checkbox"
                checked={holds(app.name)}
                disabled={!editing}
                onChange={(event) => toggleApp(app.name, event.target.checked)}
              />
              {app.title || app.name}
            </chakra.label>
          ))}
        </Box>
        {errors.application ? (
          <Text id={`${baseId}-apps-error`} color="fg.error" fontSize="sm" mt="2">
            {localized(errors.application)}
          </Text>
        ) : null}
      </Fieldset>
    </Stack>
  );
}
