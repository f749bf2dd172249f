import { Box, Field, HStack, IconButton, Input, Stack, Text, VStack, chakra } from '@chakra-ui/react';
import { SECOND_FACTOR_POLICIES, useLocalize, type SecondFactorPolicy } from '@suite/shared';
import {
  ExpandLessIcon,
  ExpandMoreIcon,
  NativeSelect,
  StateSwitch,
  APPLICATION_DESCRIPTION_MAX,
  APPLICATION_MESSAGES,
  APPLICATION_NAME_MAX,
  APPLICATION_TITLE_MAX,
  TIME_UNIT_NAMES,
} from '@suite/shared/console';
import { useId, useMemo, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import {
  AMOUNT_UNITS,
  NUMBER_LIMITS,
  TAB_FIELDS,
  canDecrement,
  decrement,
  increment,
  typedNumber,
  type AmountField,
  type ApplicationForm,
  type Field as FormField,
  type FormErrors,
  type NumberField,
  type TabId,
} from './applicationForm';

export interface TabFieldsProps {
  tab: TabId;
  form: ApplicationForm;
  onChange: (field: FormField, value: ApplicationForm[FormField]) => void;
  /** The errors shown (fields touched, or the whole tab after a move or save was refused). */
  errors: FormErrors;
  editing: boolean;
}

const TEXT_MAX: Partial<Record<FormField, number>> = {
  name: APPLICATION_NAME_MAX,
  title: APPLICATION_TITLE_MAX,
  description: APPLICATION_DESCRIPTION_MAX,
};
/** The fields' documented hints (docs/product/applications.md, Fields). */
const HINTS: Partial<Record<FormField, string>> = {
  maxConcurrentTokens: APPLICATION_MESSAGES.concurrentRange,
  numberPasswordChanges: APPLICATION_MESSAGES.fromMinusOne,
};
/** The choices of the selects, by code (docs/product/applications.md, Fields). */
const TIME_UNITS = [1, 2, 3];
const isAmount = (field: FormField): field is AmountField => field in AMOUNT_UNITS;
const UNIT_FIELDS = new Set<FormField>(Object.values(AMOUNT_UNITS));

/** One tab's fields, in the order of TAB_FIELDS. */
export function ApplicationTabFields({ tab, form, onChange, errors, editing }: TabFieldsProps) {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  const label = (field: FormField) => t(`card.fields.${field}`);
  const fields = TAB_FIELDS[tab].filter((field) => !UNIT_FIELDS.has(field));

  const render = (field: FormField): ReactNode => {
    if (isAmount(field)) {
      const unit = AMOUNT_UNITS[field];
      const units =
        unit === 'passwordTypeExpiration'
          ? [
              { value: 3, label: t('card.expirationTypes.days') },
              { value: 4, label: t('card.expirationTypes.months') },
            ]
          : TIME_UNITS.map((value) => ({ value, label: localized(TIME_UNIT_NAMES[value]) }));
      return (
        <AmountInput
          key={field}
          field={field}
          label={label(field)}
          value={form[field]}
          onChange={(value) => onChange(field, value)}
          unit={{ value: form[unit] as number, options: units, onChange: (value) => onChange(unit, value), error: localized(errors[unit]) }}
          error={localized(errors[field])}
          editing={editing}
        />
      );
    }
    if (field in NUMBER_LIMITS) {
      const number = field as NumberField;
      // the concurrency limit applies only with concurrent sessions on
      const disabled = number === 'maxConcurrentTokens' && !form.isConcurrentSession;
      return (
        <Field.Root key={field} invalid={Boolean(errors[field])} disabled={!editing || disabled} required>
          <Field.Label>{label(field)}</Field.Label>
          <Input
            inputMode="numeric"
            autoComplete="off"
            value={form[number]}
            onChange={(event) => onChange(field, typedNumber(number, event.target.value))}
            maxW="xs"
          />
          {errors[field] ? (
            <Field.ErrorText>{localized(errors[field])}</Field.ErrorText>
          ) : HINTS[field] ? (
            <Field.HelperText>{localized(HINTS[field])}</Field.HelperText>
          ) : null}
        </Field.Root>
      );
    }
    if (field === 'isConcurrentSession' || field === 'isVisible' || field === 'captchaApply' || field === 'passkeySignIn') {
      return (
        <HStack key={field} gap="3">
          <StateSwitch checked={Boolean(form[field])} label={label(field)} disabled={!editing} onChange={(next) => onChange(field, next)} />
          <Text as="span">{label(field)}</Text>
        </HStack>
      );
    }
    if (field === 'secondFactor') {
      return (
        <ChoiceGroup
          key={field}
          legend={label(field)}
          name={field}
          value={form.secondFactor ?? 'off'}
          options={SECOND_FACTOR_POLICIES.map((policy) => ({ value: policy, label: t(`card.secondFactorPolicies.${policy}`) }))}
          onChange={(value) => onChange(field, value as SecondFactorPolicy)}
          disabled={!editing}
        />
      );
    }
    if (field === 'typeApplication') {
      return (
        <ChoiceGroup
          key={field}
          legend={label(field)}
          name={field}
          value={form.typeApplication ? 'true' : 'false'}
          options={[
            { value: 'true', label: t('card.types.transversal') },
            { value: 'false', label: t('card.types.product') },
          ]}
          onChange={(value) => onChange(field, value === 'true')}
          disabled={!editing}
        />
      );
    }
    if (field === 'mechanismAfterSetPass') {
      return (
        <SelectField
          key={field}
          label={label(field)}
          value={form.mechanismAfterSetPass}
          options={[
            { value: 1, label: t('card.mechanisms.login') },
            { value: 2, label: t('card.mechanisms.home') },
          ]}
          onChange={(value) => onChange(field, value)}
          error={localized(errors[field])}
          editing={editing}
        />
      );
    }
    if (field === 'timeZone') {
      return (
        <TimeZoneField
          key={field}
          label={label(field)}
          value={form.timeZone ?? ''}
          onChange={(value) => onChange(field, value)}
          error={localized(errors[field])}
          editing={editing}
        />
      );
    }
    const text = field as 'name' | 'title' | 'description' | 'urlApp' | 'urlAssignPassword' | 'landing';
    return (
      <Field.Root key={field} invalid={Boolean(errors[field])} disabled={!editing} required={field !== 'description'}>
        <Field.Label>{label(field)}</Field.Label>
        <Input
          autoComplete="off"
          type={field.startsWith('url') || field === 'landing' ? 'url' : 'text'}
          maxLength={TEXT_MAX[field]}
          value={form[text]}
          onChange={(event) => onChange(field, event.target.value)}
        />
        <Field.ErrorText>{localized(errors[field])}</Field.ErrorText>
      </Field.Root>
    );
  };

  return (
    <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="5">
      {fields.map(render)}
    </Box>
  );
}

interface Option {
  value: number;
  label: string;
}

/** A value with its unit, and up / down arrows (keyboard too): up from 1, down never under 1. */
function AmountInput(props: {
  field: AmountField;
  label: string;
  value: string;
  onChange: (value: string) => void;
  unit: { value: number; options: Option[]; onChange: (value: number) => void; error?: string };
  error?: string;
  editing: boolean;
}) {
  const { field, label, value, onChange, unit, error, editing } = props;
  const { t } = useTranslation(NS);
  const unitErrorId = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp') onChange(increment(field, value));
    else if (event.key === 'ArrowDown') onChange(decrement(value));
    else return;
    event.preventDefault();
  };
  return (
    <Field.Root invalid={Boolean(error || unit.error)} disabled={!editing} required>
      <Field.Label>{label}</Field.Label>
      <HStack gap="2" align="stretch">
        <Input
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(typedNumber(field, event.target.value))}
          onKeyDown={onKeyDown}
          maxW="40"
        />
        <VStack gap="0">
          <IconButton
            aria-label={t('actions.increase', { field: label })}
            size="2xs"
            variant="ghost"
            disabled={!editing}
            onClick={() => onChange(increment(field, value))}
          >
            <ExpandLessIcon />
          </IconButton>
          <IconButton
            aria-label={t('actions.decrease', { field: label })}
            size="2xs"
            variant="ghost"
            disabled={!editing || !canDecrement(value)}
            onClick={() => onChange(decrement(value))}
          >
            <ExpandMoreIcon />
          </IconButton>
        </VStack>
        <NativeSelect
          aria-label={t('card.unitOf', { field: label })}
          aria-invalid={Boolean(unit.error) || undefined}
          aria-describedby={unit.error ? unitErrorId : undefined}
          value={unit.value}
          disabled={!editing}
          onChange={(event) => unit.onChange(Number(event.target.value))}
        >
          <option value={0}>{t('card.choose')}</option>
          {unit.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </HStack>
      <Field.ErrorText>{error}</Field.ErrorText>
      {unit.error ? (
        <Text id={unitErrorId} color="fg.error" fontSize="xs">
          {unit.error}
        </Text>
      ) : null}
    </Field.Root>
  );
}

/** A labelled select of codes; 0 is nothing chosen. */
function SelectField(props: {
  label: string;
  value: number;
  options: Option[];
  onChange: (value: number) => void;
  error?: string;
  editing: boolean;
}) {
  const { label, value, options, onChange, error, editing } = props;
  const { t } = useTranslation(NS);
  const id = useId();
  return (
    <Stack gap="1.5">
      <chakra.label htmlFor={id} fontWeight="medium" fontSize="sm">
        {label}
      </chakra.label>
      <NativeSelect
        id={id}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        required
        value={value}
        disabled={!editing}
        onChange={(event) => onChange(Number(event.target.value))}
        maxW="xs"
      >
        <option value={0}>{t('card.choose')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {error ? (
        <Text id={`${id}-error`} color="fg.error" fontSize="xs">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The IANA zones this browser knows (the API checks the same way), the stored one first kept even when unknown here. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return current && !known.includes(current) ? [current, ...known] : known;
}

/** The zone the application's notifications are sent in (23:59 of their date there). */
function TimeZoneField(props: { label: string; value: string; onChange: (value: string) => void; error?: string; editing: boolean }) {
  const { label, value, onChange, error, editing } = props;
  const { t } = useTranslation(NS);
  const id = useId();
  const zones = useMemo(() => timeZones(value), [value]);
  return (
    <Stack gap="1.5">
      <chakra.label htmlFor={id} fontWeight="medium" fontSize="sm">
        {label}
      </chakra.label>
      <NativeSelect
        id={id}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        value={value}
        disabled={!editing}
        onChange={(event) => onChange(event.target.value)}
        maxW="xs"
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </NativeSelect>
      <Text id={`${id}-hint`} color="fg.muted" fontSize="xs">
        {t('card.timeZoneHint')}
      </Text>
      {error ? (
        <Text id={`${id}-error`} color="fg.error" fontSize="xs">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Radio buttons in a fieldset. */
function ChoiceGroup(props: {
  legend: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const { legend, name, value, options, onChange, disabled } = props;
  const group = useId();
  return (
    <Box as="fieldset" minW={0}>
      <chakra.legend fontWeight="medium" fontSize="sm" mb="1.5">
        {legend}
      </chakra.legend>
      <HStack gap="5">
        {options.map((option) => (
          <chakra.label key={option.value} display="inline-flex" alignItems="center" gap="2">
            <input
              type="radio"
              name={`${group}-${name}`}
              value={option.value}
              checked={value === option.value}
              disabled={disabled}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </chakra.label>
        ))}
      </HStack>
    </Box>
  );
}
