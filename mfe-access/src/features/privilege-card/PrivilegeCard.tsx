import { Alert, Button } from '@chakra-ui/react';
import { LoadingState, PATHS, apiErrorMessage, useLocalize } from '@suite/shared';
import {
  CardFrame,
  ErrorAlert,
  TabbedCard,
  showMessage,
  useCardController,
  type CardTab,
  ACCESS_MESSAGES,
  type ApplicationSummary,
} from '@suite/shared/console';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { createPrivilege, fetchApplications, fetchApplicationsOfPrivilege, fetchPrivileges, modifyPrivilege } from '../../api/access';
import { NS } from '../../i18n';
import { privilegeKeys } from '../common/privilege';
import { PrivilegeFields } from './PrivilegeFields';
import { PrivilegeGrants } from './PrivilegeGrants';
import { EMPTY_PRIVILEGE, privilegeBody, privilegeChanged, privilegeErrors, privilegeToForm, type PrivilegeForm } from './privilegeForm';

type TabId = 'data' | 'access';
const LIST_PATH = PATHS.privileges;
const CHANGES = ['privileges'] as const;

/** The applications to offer: the assignable ones, and any the privilege holds that is not among them. */
function offered(assignable: readonly ApplicationSummary[], held: readonly ApplicationSummary[]): ApplicationSummary[] {
  const names = new Set(assignable.map((app) => app.name.toLowerCase()));
  return [...assignable, ...held.filter((app) => !names.has(app.name.toLowerCase()))];
}

/**
 * The privilege card (docs/product/access.md): a new privilege starts in edit mode and is created
 * whole; an existing one opens in detail mode, its name fixed; saving nothing changed says so;
 * leaving with changes asks. Its second tab shows the roles that grant it.
 */
export function PrivilegeCard({ privilegeId }: { privilegeId?: string }) {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  const navigate = useNavigate();
  const isNew = privilegeId === undefined;
  const id = Number(privilegeId);

  const list = useQuery({ queryKey: privilegeKeys.all, queryFn: () => fetchPrivileges(), meta: { shows: ['applications'] } });
  const held = useQuery({
    queryKey: privilegeKeys.applications(privilegeId ?? ''),
    queryFn: () => fetchApplicationsOfPrivilege(id),
    enabled: !isNew,
  });
  const assignable = useQuery({ queryKey: privilegeKeys.assignable, queryFn: fetchApplications });
  const record = isNew ? undefined : list.data?.find((privilege) => privilege.id === id);

  const stored = useMemo<PrivilegeForm | null>(
    () =>
      isNew
        ? EMPTY_PRIVILEGE
        : record && held.data
          ? privilegeToForm(
              record,
              held.data.map((app) => app.name),
            )
          : null,
    [isNew, record, held.data],
  );
  const [form, setForm] = useState<PrivilegeForm>(EMPTY_PRIVILEGE);
  const [showErrors, setShowErrors] = useState(false);
  // every read of the privilege is what the form holds and compares with
  useEffect(() => {
    if (stored) setForm(stored);
  }, [stored, list.dataUpdatedAt, held.dataUpdatedAt]);

  const existingNames = isNew ? (list.data ?? []).map((privilege) => privilege.name) : null;
  const errors = privilegeErrors(form, existingNames);
  const dirty = stored !== null && privilegeChanged(form, stored);
  const valid = Object.keys(errors).length === 0;

  const save = async () => {
    if (!record || !stored) return false;
    if (!privilegeChanged(form, stored)) {
      await showMessage({ message: ACCESS_MESSAGES.noChanges });
      return false;
    }
    if (!valid) {
      setShowErrors(true);
      return false;
    }
    const reply = await modifyPrivilege({ ...privilegeBody(form), id: record.id, idstate: record.idstate });
    await card.saved(reply.information || ACCESS_MESSAGES.privilegeUpdated);
    return true;
  };

  const create = async () => {
    if (!valid) {
      setShowErrors(true);
      return false;
    }
    const reply = await createPrivilege(privilegeBody(form));
    await showMessage({ message: reply.information || ACCESS_MESSAGES.privilegeCreated });
    return true;
  };

  const card = useCardController<TabId>({
    tabs: isNew ? ['data'] : ['data', 'access'],
    parts: {
      data: { dirty, save, discard: () => stored && setForm(stored) },
      // read-only: nothing to save there
      access: { dirty: false, save: async () => true, discard: () => undefined },
    },
    creation: isNew ? { save: create } : undefined,
    invalidates: CHANGES,
    unsavedMessage: ACCESS_MESSAGES.unsavedChanges,
  });
  const { editing, saving, tab } = card;

  const applications = offered(assignable.data ?? [], held.data ?? []);
  const tabs: CardTab[] = [
    {
      id: 'data',
      label: t('privilegeCard.tabs.data'),
      content: (
        <PrivilegeFields
          form={form}
          onChange={(next) => setForm(next)}
          errors={showErrors ? errors : { name: form.name ? errors.name : undefined, description: errors.description }}
          editing={editing}
          nameFixed={!isNew}
          applications={applications}
        />
      ),
    },
    ...(isNew ? [] : [{ id: 'access', label: t('privilegeCard.tabs.access'), content: <PrivilegeGrants privilegeId={id} /> }]),
  ];

  const actions =
    tab !== 'data' ? null : isNew ? (
      <Button colorPalette="brand" loading={saving} onClick={() => void card.create(LIST_PATH)}>
        {t('actions.save')}
      </Button>
    ) : (
      <Button colorPalette="brand" loading={saving} disabled={!editing} onClick={() => void card.saveCurrent()}>
        {t('actions.update')}
      </Button>
    );

  const failure = list.error ?? held.error;
  const status = failure
    ? 'error'
    : isNew
      ? 'ready'
      : list.isPending || held.isPending
        ? 'loading'
        : record && stored
          ? 'ready'
          : 'missing';

  return (
    <CardFrame title={t('privileges')} back={{ label: t('actions.backToPrivileges'), onClick: () => navigate(LIST_PATH) }}>
      {status === 'loading' ? <LoadingState label={t('loadingCard')} /> : null}
      {status === 'error' || status === 'missing' ? (
        <ErrorAlert message={status === 'error' ? apiErrorMessage(failure) : localized(ACCESS_MESSAGES.privilegeUnknown)} />
      ) : null}
      {assignable.error && status === 'ready' ? (
        <Alert.Root status="warning" role="alert" mb="3">
          <Alert.Indicator />
          <Alert.Title>{apiErrorMessage(assignable.error)}</Alert.Title>
        </Alert.Root>
      ) : null}
      {status === 'ready' ? (
        <TabbedCard
          subheader={
            isNew ? t('privilegeCard.subtitle.new') : editing ? t('privilegeCard.subtitle.edit') : t('privilegeCard.subtitle.detail')
          }
          tabs={tabs}
          actions={actions}
          {...card.tabbedCard}
        />
      ) : null}
    </CardFrame>
  );
}
