import { Button, Field, Flex, HStack, Input, Stack, chakra } from '@chakra-ui/react';
import { NativeSelect, type SIGN_IN_EVENTS } from '@suite/shared/console';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_FILTERS, rangeInverted, type FilterFields } from './filters';
import { AUDIT_NS } from './i18n';

/** The event types of the quick choice: the sign-in events, by their text's key. */
const EVENT_TYPES = [
  { action: 'user.sign_in', text: 'signIn' },
  { action: 'user.sign_in_failed', text: 'signInFailed' },
  { action: 'user.sign_in_external', text: 'signInExternal' },
] as const satisfies readonly { action: (typeof SIGN_IN_EVENTS)[number]; text: string }[];

/** The choice shown while the Acción box holds an action of no event type (it cannot be chosen). */
const OTHER = 'other';

export interface FilterPanelProps {
  /** The filters in effect, the fields' first values. */
  applied: FilterFields;
  /** Aplicar, Enter in a field, or an event type chosen. */
  onApply: (fields: FilterFields) => void;
  /** Limpiar: every field emptied. */
  onClear: () => void;
}

/**
 * The audit list's filters: actor, action (typed, or an event type chosen, which writes it), target,
 * application and a range of days. Typed filters apply with Aplicar or Enter, as the search box does.
 */
export function FilterPanel({ applied, onApply, onClear }: FilterPanelProps) {
  const { t } = useTranslation(AUDIT_NS);
  const eventTypeId = useId();
  const [draft, setDraft] = useState<FilterFields>(applied);
  const inverted = rangeInverted(draft);

  const field = (name: keyof FilterFields, { type = 'text', maxLength }: { type?: string; maxLength?: number }) => (
    <Field.Root flex="1" minW="180px" invalid={name === 'to' && inverted}>
      <Field.Label>{t(`filters.${name}`)}</Field.Label>
      <Input
        type={type}
        bg="white"
        maxLength={maxLength}
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
      {name === 'to' ? <Field.ErrorText>{t('filters.rangeInverted')}</Field.ErrorText> : null}
    </Field.Root>
  );

  const eventType = EVENT_TYPES.some((type) => type.action === draft.action) ? draft.action : draft.action.trim() ? OTHER : '';
  const chooseEvent = (action: string) => {
    const next = { ...draft, action };
    setDraft(next);
    // a quick choice: applied at once, with the other fields as they are
    if (!rangeInverted(next)) onApply(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!inverted) onApply(draft);
  };

  return (
    <chakra.form aria-label={t('filters.title')} onSubmit={submit} noValidate mb="4" p="4" borderWidth="1px" borderRadius="md" bg="white">
      <Flex gap="3" flexWrap="wrap" align="flex-start">
        {field('actor', { maxLength: 200 })}
        {field('action', { maxLength: 100 })}
        <Stack gap="1.5" flex="1" minW="180px">
          <chakra.label htmlFor={eventTypeId} textStyle="sm" fontWeight="medium">
            {t('filters.eventType')}
          </chakra.label>
          <NativeSelect id={eventTypeId} value={eventType} onChange={(event) => chooseEvent(event.target.value)}>
            <option value="">{t('filters.eventTypes.all')}</option>
            {EVENT_TYPES.map((type) => (
              <option key={type.action} value={type.action}>
                {t(`filters.eventTypes.${type.text}`)}
              </option>
            ))}
            <option value={OTHER} disabled hidden={eventType !== OTHER}>
              {t('filters.eventTypes.other')}
            </option>
          </NativeSelect>
        </Stack>
        {field('target', { maxLength: 200 })}
        {field('application', { maxLength: 50 })}
        {field('from', { type: 'date' })}
        {field('to', { type: 'date' })}
      </Flex>
      <HStack mt="3" gap="2" justify="flex-end">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setDraft(NO_FILTERS);
            onClear();
          }}
        >
          {t('filters.clear')}
        </Button>
        <Button type="submit" colorPalette="brand" disabled={inverted}>
          {t('filters.apply')}
        </Button>
      </HStack>
    </chakra.form>
  );
}
