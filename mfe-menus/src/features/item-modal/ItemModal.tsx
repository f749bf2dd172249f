import { Box, Button, Field, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useLocalize } from '@suite/shared';
import { Modal, NativeSelect, TextArea, MENU_LOCATION, type MenuItem, type MenuLocation } from '@suite/shared/console';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { MenuIcon } from '@suite/shared/menu-icon';
import { draftOf, iconLabel, itemOf, matchingIcons, type ItemDraft } from './itemForm';

export interface ItemModalProps {
  location: MenuLocation;
  application: string;
  /** The privileges the application holds (the Privilegios list). */
  privileges: readonly string[];
  /** The item edited; none for a new one. */
  item?: MenuItem;
  onSave: (item: MenuItem) => void;
  onClose: () => void;
}

/**
 * The item modal, in two steps (docs/product/menus.md): the data, then the icon (search, Cancelar,
 * Cargar). Nothing reaches the menu until Cargar; the checks are the API's own schema.
 */
export function ItemModal({ location, application, privileges, item, onSave, onClose }: ItemModalProps) {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  const [draft, setDraft] = useState<ItemDraft>(() => draftOf(item));
  const [step, setStep] = useState<'data' | 'icon'>('data');
  const [errors, setErrors] = useState<Partial<Record<keyof ItemDraft, string>>>({});
  const [search, setSearch] = useState('');
  const ids = { privileges: useId(), section: useId(), linkType: useId(), description: useId() };
  const icons = useMemo(() => matchingIcons(search), [search]);
  const set = <K extends keyof ItemDraft>(key: K, value: ItemDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const next = () => {
    const checked = itemOf(draft, location, application, item);
    setErrors(checked.errors);
    if (checked.item) setStep('icon');
  };
  const load = () => {
    const checked = itemOf(draft, location, application, item);
    if (!checked.item) {
      setErrors(checked.errors);
      setStep('data');
      return;
    }
    onSave(checked.item);
  };

  const error = (key: keyof ItemDraft) => (errors[key] ? <Field.ErrorText>{localized(errors[key])}</Field.ErrorText> : null);

  return (
    <Modal
      title={`${item ? t('item.titleEdit') : t('item.titleNew')} — ${step === 'data' ? '1/2' : `2/2 ${t('item.iconStep')}`}`}
      onClose={onClose}
      footer={
        step === 'data' ? (
          <>
            <Button variant="outline" onClick={onClose}>
              {t('item.cancel')}
            </Button>
            <Button colorPalette="brand" onClick={next}>
              {t('item.next')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="ghost" onClick={() => setStep('data')}>
              {t('item.back')}
            </Button>
            <Button variant="outline" onClick={onClose}>
              {t('item.cancel')}
            </Button>
            <Button colorPalette="brand" onClick={load}>
              {t('item.load')}
            </Button>
          </>
        )
      }
    >
      {step === 'data' ? (
        <Stack gap="3">
          <Field.Root required invalid={Boolean(errors.name)}>
            <Field.Label>{t('item.name')}</Field.Label>
            <Input value={draft.name} onChange={(e) => set('name', e.target.value)} />
            {error('name')}
          </Field.Root>
          <Field.Root invalid={Boolean(errors.privileges)}>
            <Field.Label htmlFor={ids.privileges}>{t('item.privileges')}</Field.Label>
            <NativeSelect
              id={ids.privileges}
              multiple
              height="28"
              width="full"
              aria-describedby={`${ids.privileges}-help`}
              value={draft.privileges}
              onChange={(e) =>
                set(
                  'privileges',
                  Array.from(e.target.selectedOptions, (o) => o.value),
                )
              }
            >
              {privileges.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </NativeSelect>
            {/* none chosen: everyone signed in sees the item (docs/adr/0031) */}
            <Field.HelperText id={`${ids.privileges}-help`}>
              {privileges.length ? t('item.privilegesHelp') : t('item.noPrivileges')}
            </Field.HelperText>
            {error('privileges')}
          </Field.Root>
          {location === MENU_LOCATION.user ? (
            <Field.Root required>
              <Field.Label htmlFor={ids.section}>{t('item.section')}</Field.Label>
              <NativeSelect id={ids.section} value={String(draft.section)} onChange={(e) => set('section', Number(e.target.value))}>
                <option value="1">{t('sections.1')}</option>
                <option value="0">{t('sections.0')}</option>
              </NativeSelect>
            </Field.Root>
          ) : null}
          <Field.Root required>
            <Field.Label htmlFor={ids.linkType}>{t('item.linkType')}</Field.Label>
            <NativeSelect
              id={ids.linkType}
              value={draft.isFunction ? 'function' : 'url'}
              onChange={(e) => set('isFunction', e.target.value === 'function')}
            >
              <option value="url">{t('item.url')}</option>
              <option value="function">{t('item.function')}</option>
            </NativeSelect>
          </Field.Root>
          {draft.isFunction ? (
            <Field.Root required invalid={Boolean(errors.functionName)}>
              <Field.Label>{t('item.functionName')}</Field.Label>
              <Input value={draft.functionName} onChange={(e) => set('functionName', e.target.value)} />
              {error('functionName')}
            </Field.Root>
          ) : (
            <Field.Root required invalid={Boolean(errors.url)}>
              <Field.Label>{t('item.url')}</Field.Label>
              <Input value={draft.url} onChange={(e) => set('url', e.target.value)} placeholder={t('item.urlPlaceholder')} />
              {error('url')}
            </Field.Root>
          )}
          <Field.Root invalid={Boolean(errors.description)}>
            <Field.Label htmlFor={ids.description}>{t('item.description')}</Field.Label>
            <TextArea id={ids.description} value={draft.description} onChange={(e) => set('description', e.target.value)} rows={2} />
            {error('description')}
          </Field.Root>
          <chakra.label display="flex" alignItems="center" gap="2">
            <input type="checkbox" checked={draft.isActivate} onChange={(e) => set('isActivate', e.target.checked)} />
            {t('item.active')}
          </chakra.label>
        </Stack>
      ) : (
        <Stack gap="3">
          <Field.Root>
            <Field.Label>{t('item.search')}</Field.Label>
            <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          </Field.Root>
          {errors.iconName ? <Text color="fg.error">{localized(errors.iconName)}</Text> : null}
          <Box role="radiogroup" aria-label={t('item.iconStep')} maxH="72" overflowY="auto">
            <Box display="grid" gridTemplateColumns={{ base: 'repeat(4, 1fr)', md: 'repeat(6, 1fr)' }} gap="2">
              <IconChoice label={t('item.noIcon')} name="" selected={draft.iconName === ''} onSelect={() => set('iconName', '')} />
              {icons.map((name) => (
                <IconChoice
                  key={name}
                  label={iconLabel(name)}
                  name={name}
                  selected={draft.iconName === name}
                  onSelect={() => set('iconName', name)}
                />
              ))}
            </Box>
            {icons.length === 0 ? <Text>{t('item.noMatches')}</Text> : null}
          </Box>
        </Stack>
      )}
    </Modal>
  );
}

function IconChoice({ label, name, selected, onSelect }: { label: string; name: string; selected: boolean; onSelect: () => void }) {
  return (
    <Button
      role="radio"
      aria-checked={selected}
      aria-label={name || label}
      title={name || label}
      variant={selected ? 'solid' : 'outline'}
      colorPalette="brand"
      h="auto"
      py="2"
      flexDirection="column"
      gap="1"
      onClick={onSelect}
    >
      <MenuIcon name={name} size={22} />
      <Text as="span" fontSize="xs" aria-hidden="true">
        {label}
      </Text>
    </Button>
  );
}
