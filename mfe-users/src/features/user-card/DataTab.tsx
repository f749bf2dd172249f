import { Box, Field, Input } from '@chakra-ui/react';
import type { DocumentTypeRecord } from '@suite/shared';
import { NativeSelect, DOCUMENT_MAX, USER_FIELD_MAX, type CountryRecord, type UserTypeRecord } from '@suite/shared/console';
import { useLocalize } from '@suite/shared';
import { useId, type ReactNode } from 'react';
import { useController, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CARD_NS } from './i18n';
import { nextPhoneValue } from './phone';
import type { UniqueField } from '../../api/userCard';
import type { UserFormOutput, UserFormValues } from './userForm';

export interface DataTabProps {
  form: UseFormReturn<UserFormValues, unknown, UserFormOutput>;
  editing: boolean;
  userTypes: readonly UserTypeRecord[];
  countries: readonly CountryRecord[];
  documentTypes: readonly DocumentTypeRecord[];
  /** Duplicate check of the user name or e-mail (on blur). */
  onUniqueBlur: (field: UniqueField) => void;
}

/** The Datos tab (docs/product/users.md): the user's fields, validated on change. */
export function DataTab({ form, editing, userTypes, countries, documentTypes, onUniqueBlur }: DataTabProps) {
  const { t } = useTranslation(CARD_NS);
  const { register, formState, setValue } = form;
  const baseId = useId();
  const ids = (name: FieldPath<UserFormValues>) => ({ control: `${baseId}-${name}`, errorText: `${baseId}-${name}-error` });
  const localized = useLocalize();
  const errorOf = (name: FieldPath<UserFormValues>) => localized(formState.errors[name]?.message);

  const field = (name: FieldPath<UserFormValues>, control: ReactNode, hint?: string) => (
    <Field.Root
      key={name}
      id={ids(name).control}
      ids={{ errorText: ids(name).errorText }}
      invalid={Boolean(formState.errors[name])}
      disabled={!editing}
      required={name !== 'phoneNumber'}
    >
      <Field.Label>{t(`fields.${name}`)}</Field.Label>
      {control}
      {hint && !formState.errors[name] ? <Field.HelperText>{hint}</Field.HelperText> : null}
      <Field.ErrorText>{errorOf(name)}</Field.ErrorText>
    </Field.Root>
  );

  const text = (name: 'names' | 'surnames' | 'userName' | 'email' | 'document', extra: { type?: string; maxLength?: number } = {}) =>
    field(
      name,
      <Input
        autoComplete="off"
        maxLength={extra.maxLength ?? USER_FIELD_MAX}
        type={extra.type ?? 'text'}
        {...register(name, name === 'userName' || name === 'email' ? { onBlur: () => onUniqueBlur(name) } : {})}
      />,
    );

  const select = (name: SelectName, options: Array<{ value: string; label: string }>, onChange?: (value: string) => void) =>
    field(
      name,
      <SelectControl
        form={form}
        name={name}
        ids={ids(name)}
        disabled={!editing}
        options={options}
        choose={t('fields.choose')}
        onChange={onChange}
      />,
    );

  return (
    <Box display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
      {select(
        'idTypeUser',
        userTypes.map((type) => ({ value: String(type.id), label: type.name })),
      )}
      {text('names')}
      {text('surnames')}
      {text('userName')}
      {text('email', { type: 'email' })}
      {select(
        'countryId',
        countries.map((country) => ({ value: String(country.id), label: country.name })),
        // changing the country clears the document type
        () => setValue('documentTypeId', '', { shouldDirty: true, shouldValidate: formState.isSubmitted }),
      )}
      {select(
        'documentTypeId',
        documentTypes.map((type) => ({ value: String(type.documentTypeId), label: type.documentTypeDescription })),
        // the document's rule depends on the type
        () => void (form.getValues('document') ? form.trigger('document') : undefined),
      )}
      {text('document', { maxLength: DOCUMENT_MAX })}
      <PhoneField form={form} label={t('fields.phoneNumber')} hint={t('phoneHint')} editing={editing} error={errorOf('phoneNumber')} />
    </Box>
  );
}

/** The phone field: the '(+57) ' prefix is forced and the digits are spaced while typing. */
function PhoneField({
  form,
  label,
  hint,
  editing,
  error,
}: {
  form: DataTabProps['form'];
  label: string;
  hint: string;
  editing: boolean;
  error?: string;
}) {
  const { field } = useController({ control: form.control, name: 'phoneNumber' });
  return (
    <Field.Root invalid={Boolean(error)} disabled={!editing}>
      <Field.Label>{label}</Field.Label>
      <Input
        ref={field.ref}
        name={field.name}
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        value={field.value}
        onBlur={field.onBlur}
        onChange={(event) => field.onChange(nextPhoneValue(event.target.value, field.value))}
      />
      {error ? null : <Field.HelperText>{hint}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

type SelectName = 'idTypeUser' | 'countryId' | 'documentTypeId';

/**
 * A select bound to the form by value, so a stored choice shows once its options arrive (the
 * document types load after the country).
 */
function SelectControl({
  form,
  name,
  ids,
  disabled,
  options,
  choose,
  onChange,
}: {
  form: DataTabProps['form'];
  name: SelectName;
  ids: { control: string; errorText: string };
  disabled: boolean;
  options: Array<{ value: string; label: string }>;
  choose: string;
  onChange?: (value: string) => void;
}) {
  const { field } = useController({ control: form.control, name });
  const invalid = Boolean(form.formState.errors[name]);
  return (
    <NativeSelect
      ref={field.ref}
      id={ids.control}
      w="full"
      name={field.name}
      value={field.value}
      disabled={disabled}
      required
      onBlur={field.onBlur}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? ids.errorText : undefined}
      borderColor={invalid ? 'border.error' : undefined}
      onChange={(event) => {
        field.onChange(event.target.value);
        onChange?.(event.target.value);
      }}
    >
      <option value="">{choose}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
}
