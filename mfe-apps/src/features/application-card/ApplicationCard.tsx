import { Alert, Button, Stack } from '@chakra-ui/react';
import { ApiError, LoadingState, PATHS, apiErrorMessage, useLocalize } from '@suite/shared';
import {
  CardFrame,
  ErrorAlert,
  TabbedCard,
  showMessage,
  useCardController,
  type CardTab,
  ACCESS_MESSAGES,
  APPLICATION_MESSAGES,
} from '@suite/shared/console';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { createApplication, fetchApplications, modifyApplication } from '../../api/applications';
import { NS } from '../../i18n';
import { applicationKeys } from '../common/application';
import { AppearanceTab } from '../application-appearance/AppearanceTab';
import { IntegrationTab } from '../application-integration/IntegrationTab';
import { useAppearanceDraft } from '../application-appearance/useAppearanceDraft';
import { ApplicationTabFields } from './ApplicationFields';
import {
  EMPTY_FORM,
  TABS,
  TAB_FIELDS,
  TAB_SAVED,
  firstInvalidTab,
  formToBody,
  recordToForm,
  tabChanged,
  tabErrors,
  tabWarnings,
  withFields,
  type ApplicationForm,
  type Field,
  type TabId,
} from './applicationForm';

const CHANGES = ['applications'] as const;

/**
 * The card's tabs: the form's four, and once the application exists Apariencia (it edits its
 * stored profile) and Integración (its OpenID clients, each saved on its own).
 */
type CardTabId = TabId | 'appearance' | 'integration';
const EXISTING_TABS: readonly CardTabId[] = [...TABS, 'appearance', 'integration'];

/**
 * A save's failure goes under the tabs (docs/product/applications.md), not in a dialog; a 403 has the
 * privileges dialog of the API client already.
 */
async function underTabs(save: () => Promise<boolean>, show: (message: string | null) => void): Promise<boolean> {
  show(null);
  try {
    return await save();
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return false;
    show(apiErrorMessage(error));
    return false;
  }
}

/**
 * The application form (docs/product/applications.md): Datos Básicos, Token,
 * Contraseña and Configuración. A new application is walked tab by tab, each checked before
 * moving on, and saved whole on the last; an existing one opens in detail mode, and in edit mode
 * each tab saves its own part with its own button and message.
 */
export function ApplicationCard({ appId }: { appId?: string }) {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  const navigate = useNavigate();
  const isNew = appId === undefined;
  const id = Number(appId);

  const list = useQuery({ queryKey: applicationKeys.all, queryFn: fetchApplications, enabled: !isNew });
  const record = isNew ? undefined : list.data?.find((application) => application.id === id);
  const stored = useMemo<ApplicationForm | null>(() => (isNew ? EMPTY_FORM : record ? recordToForm(record) : null), [isNew, record]);

  const [form, setForm] = useState<ApplicationForm>(EMPTY_FORM);
  useEffect(() => {
    if (stored) setForm(stored);
  }, [stored, list.dataUpdatedAt]);
  /** Fields whose errors show: changed by hand, or every field of a tab a move or save was refused on. */
  const [shown, setShown] = useState<ReadonlySet<Field>>(new Set());
  const [saveError, setSaveError] = useState<string | null>(null);
  /** The furthest tab a new application has reached: the ones after the next are not open yet. */
  const [reached, setReached] = useState(0);
  const appearance = useAppearanceDraft(isNew ? undefined : id);

  const change = (field: Field, value: ApplicationForm[Field]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setShown((current) => new Set(current).add(field));
  };
  const showTabErrors = (tab: TabId) => setShown((current) => new Set([...current, ...TAB_FIELDS[tab]]));
  const valid = (candidate: ApplicationForm, tab: TabId) => {
    const ok = Object.keys(tabErrors(candidate, tab)).length === 0;
    if (!ok) showTabErrors(tab);
    return ok;
  };

  const saveTab = (tab: TabId) => () =>
    underTabs(async () => {
      if (!record || !stored) return false;
      if (!tabChanged(form, stored, tab)) {
        await showMessage({ message: ACCESS_MESSAGES.noChanges });
        return false;
      }
      // only this tab's fields change; the rest is re-sent as stored
      const next = withFields(stored, form, TAB_FIELDS[tab]);
      if (!valid(next, tab)) return false;
      await modifyApplication({ ...record, ...formToBody(next) });
      await card.saved(TAB_SAVED[tab]);
      return true;
    }, setSaveError);

  const create = () =>
    underTabs(async () => {
      const invalid = firstInvalidTab(form);
      if (invalid) {
        showTabErrors(invalid);
        card.showTab(invalid);
        return false;
      }
      const reply = await createApplication(formToBody(form));
      await showMessage({ message: reply.information || APPLICATION_MESSAGES.created });
      return true;
    }, setSaveError);

  const saveAppearance = () =>
    underTabs(async () => {
      if (!appearance.dirty) {
        await showMessage({ message: ACCESS_MESSAGES.noChanges });
        return false;
      }
      await card.saved(await appearance.save());
      return true;
    }, setSaveError);

  const card = useCardController<CardTabId>({
    tabs: isNew ? TABS : EXISTING_TABS,
    parts: {
      ...(Object.fromEntries(
        TABS.map((tab) => [
          tab,
          {
            dirty: stored !== null && tabChanged(form, stored, tab),
            save: saveTab(tab),
            discard: () => stored && setForm((current) => withFields(current, stored, TAB_FIELDS[tab])),
          },
        ]),
      ) as Record<TabId, { dirty: boolean; save: () => Promise<boolean>; discard: () => void }>),
      appearance: { dirty: appearance.dirty, save: saveAppearance, discard: appearance.discard },
      // each client saves on its own (IntegrationTab)
      integration: { dirty: false, save: async () => true, discard: () => undefined },
    },
    creation: isNew
      ? {
          save: create,
          // moving forward checks the tab, and every tab is walked
          beforeForward: (from, to) => {
            for (const tab of TABS.slice(TABS.indexOf(from as TabId), TABS.indexOf(to as TabId))) {
              if (!valid(form, tab)) {
                if (tab !== from) card.showTab(tab);
                return false;
              }
            }
            setReached((current) => Math.max(current, TABS.indexOf(to as TabId)));
            return true;
          },
        }
      : undefined,
    invalidates: CHANGES,
    unsavedMessage: ACCESS_MESSAGES.unsavedChanges,
  });
  const { editing, saving, tab } = card;

  // a save's failure belongs to the tab it was made on
  useEffect(() => setSaveError(null), [tab, editing]);

  // the errors of the tab shown, for the fields whose errors show
  const visibleErrors =
    tab === 'appearance' || tab === 'integration'
      ? {}
      : Object.fromEntries(Object.entries(tabErrors(form, tab)).filter(([field]) => shown.has(field as Field)));
  const errorAlert = saveError ? <ErrorAlert message={localized(saveError)} /> : null;
  const formTabs: CardTab[] = TABS.map((id, index) => ({
    id,
    label: t(`card.tabs.${id}`),
    disabled: isNew && index > reached + 1,
    content: (
      <Stack gap="4">
        {errorAlert}
        <TabWarnings warnings={id === tab ? tabWarnings(form, id).map((warning) => localized(warning.message)) : []} />
        <ApplicationTabFields tab={id} form={form} onChange={change} errors={id === tab ? visibleErrors : {}} editing={editing} />
      </Stack>
    ),
  }));

  const tabs: CardTab[] = isNew
    ? formTabs
    : [
        ...formTabs,
        {
          id: 'appearance',
          label: t('card.tabs.appearance'),
          content: (
            <Stack gap="4">
              {errorAlert}
              <AppearanceTab appearance={appearance} editing={editing} />
            </Stack>
          ),
        },
        { id: 'integration', label: t('card.tabs.integration'), content: <IntegrationTab applicationId={id} editing={editing} /> },
      ];

  const actions = isNew ? (
    tab === TABS[TABS.length - 1] ? (
      <Button colorPalette="brand" loading={saving} onClick={() => void card.create(PATHS.apps)}>
        {t('actions.save')}
      </Button>
    ) : null
  ) : tab === 'integration' ? null : (
    <Button
      colorPalette="brand"
      loading={saving}
      disabled={!editing || (tab === 'appearance' && appearance.dirty && !appearance.canSave)}
      onClick={() => void card.saveCurrent()}
    >
      {t(`actions.update.${tab}`)}
    </Button>
  );

  const status = isNew ? 'ready' : list.error ? 'error' : list.isPending ? 'loading' : record ? 'ready' : 'missing';
  const subheader = isNew ? t('card.subtitle.new') : t(`card.subtitle.${tab}.${editing ? 'edit' : 'detail'}`);

  return (
    <CardFrame title={t('apps')} back={{ label: t('actions.backToApps'), onClick: () => navigate(PATHS.apps) }}>
      {status === 'loading' ? <LoadingState label={t('loadingCard')} /> : null}
      {status === 'error' || status === 'missing' ? (
        <ErrorAlert message={status === 'error' ? apiErrorMessage(list.error) : localized(APPLICATION_MESSAGES.unknown)} />
      ) : null}
      {status === 'ready' ? <TabbedCard subheader={subheader} tabs={tabs} actions={actions} {...card.tabbedCard} /> : null}
    </CardFrame>
  );
}

/** Settings valid alone that contradict one another: advice above the fields, the save still open. */
function TabWarnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <Alert.Root status="warning" alignItems="start">
      <Alert.Indicator />
      <Alert.Content>
        {warnings.map((warning) => (
          <Alert.Description key={warning}>{warning}</Alert.Description>
        ))}
      </Alert.Content>
    </Alert.Root>
  );
}
