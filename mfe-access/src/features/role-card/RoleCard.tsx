import { Button } from '@chakra-ui/react';
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
import { createRole, fetchApplications, fetchRoleApplications, fetchRoles, modifyRole } from '../../api/access';
import { NS } from '../../i18n';
import { privilegeKeys } from '../common/privilege';
import { roleKeys } from '../common/role';
import {
  EMPTY_ROLE,
  appsChanged,
  appsError,
  appsOf,
  dataChanged,
  dataErrors,
  roleBody,
  roleToData,
  type RoleApps,
  type RoleData,
} from './roleForm';
import { RoleApplicationsTab, RoleDataTab, RoleUsersTab } from './RoleTabs';

type TabId = 'data' | 'applications' | 'users';
const LIST_PATH = PATHS.roles;
const CHANGES = ['roles'] as const;
const NO_APPS: RoleApps = {};

/**
 * The role card (docs/product/access.md): Datos, then Aplicaciones (reachable once Datos is
 * valid); a new role is created whole, an existing one opens in detail mode and either tab saves
 * the whole role; the third tab lists the users who hold it.
 */
export function RoleCard({ roleId }: { roleId?: string }) {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  const navigate = useNavigate();
  const isNew = roleId === undefined;
  const id = Number(roleId);

  const roles = useQuery({ queryKey: roleKeys.all, queryFn: fetchRoles, meta: { shows: ['applications', 'privileges'] } });
  const held = useQuery({
    queryKey: roleKeys.applications(roleId ?? ''),
    queryFn: () => fetchRoleApplications(id),
    enabled: !isNew,
    meta: { shows: ['privileges'] },
  });
  const assignable = useQuery({ queryKey: privilegeKeys.assignable, queryFn: fetchApplications });
  const record = isNew ? undefined : roles.data?.find((role) => role.id === id);

  const storedData = useMemo<RoleData | null>(() => (isNew ? EMPTY_ROLE : record ? roleToData(record) : null), [isNew, record]);
  const storedApps = useMemo<RoleApps | null>(() => (isNew ? NO_APPS : held.data ? appsOf(held.data) : null), [isNew, held.data]);
  const [data, setData] = useState<RoleData>(EMPTY_ROLE);
  const [apps, setApps] = useState<RoleApps>(NO_APPS);
  const [showErrors, setShowErrors] = useState(false);
  const [showAppsError, setShowAppsError] = useState(false);
  useEffect(() => {
    if (storedData) setData(storedData);
  }, [storedData, roles.dataUpdatedAt]);
  useEffect(() => {
    if (storedApps) setApps(storedApps);
  }, [storedApps, held.dataUpdatedAt]);

  const others = (roles.data ?? []).filter((role) => role.id !== id).map((role) => role.name);
  const errors = dataErrors(data, others);
  const privilegesError = appsError(apps);
  const dataDirty = storedData !== null && dataChanged(data, storedData);
  const appsDirty = storedApps !== null && appsChanged(apps, storedApps);

  /** Checks both parts; shows what is missing. */
  const valid = () => {
    const dataOk = Object.keys(errors).length === 0;
    setShowErrors(!dataOk);
    setShowAppsError(Boolean(privilegesError));
    return { dataOk, appsOk: !privilegesError };
  };

  const save = async () => {
    if (!record || !storedData || !storedApps) return false;
    if (!dataDirty && !appsDirty) {
      await showMessage({ message: ACCESS_MESSAGES.noChanges });
      return false;
    }
    const { dataOk, appsOk } = valid();
    if (!dataOk || !appsOk) return false;
    const reply = await modifyRole({ ...roleBody(data, apps), id: record.id });
    await card.saved(reply.information || ACCESS_MESSAGES.roleUpdated);
    return true;
  };

  const create = async () => {
    const { dataOk, appsOk } = valid();
    if (!dataOk) card.showTab('data');
    if (!dataOk || !appsOk) return false;
    const reply = await createRole(roleBody(data, apps));
    await showMessage({ message: reply.information || ACCESS_MESSAGES.roleCreated });
    return true;
  };

  const card = useCardController<TabId>({
    tabs: isNew ? ['data', 'applications'] : ['data', 'applications', 'users'],
    parts: {
      data: { dirty: dataDirty, save, discard: () => storedData && setData(storedData) },
      applications: { dirty: appsDirty, save, discard: () => storedApps && setApps(storedApps) },
      users: { dirty: false, save: async () => true, discard: () => undefined },
    },
    creation: isNew
      ? {
          save: create,
          // the applications tab is reachable once Datos is valid
          beforeForward: () => {
            const ok = Object.keys(errors).length === 0;
            setShowErrors(!ok);
            return ok;
          },
        }
      : undefined,
    invalidates: CHANGES,
    unsavedMessage: ACCESS_MESSAGES.unsavedChanges,
  });
  const { editing, saving, tab } = card;

  // the applications offered: the assignable ones, and any the role holds that is not among them
  const applications = useMemo<ApplicationSummary[]>(() => {
    const offered = assignable.data ?? [];
    const names = new Set(offered.map((app) => app.name.toLowerCase()));
    const extra = (held.data ?? [])
      .filter((app) => !names.has(app.name.toLowerCase()))
      .map((app, index) => ({ id: -1 - index, name: app.name, title: app.title }));
    return [...offered, ...extra];
  }, [assignable.data, held.data]);

  const tabs: CardTab[] = [
    {
      id: 'data',
      label: t('roleCard.tabs.data'),
      content: (
        <RoleDataTab
          data={data}
          onChange={setData}
          errors={showErrors ? errors : { name: data.name ? errors.name : undefined, alias: errors.alias }}
          editing={editing}
        />
      ),
    },
    {
      id: 'applications',
      label: t('roleCard.tabs.applications'),
      content: (
        <RoleApplicationsTab
          key={applications.length}
          applications={applications}
          apps={apps}
          onChange={(next) => {
            setApps(next);
            setShowAppsError(false);
          }}
          editing={editing}
          error={showAppsError ? privilegesError : undefined}
        />
      ),
    },
    ...(isNew ? [] : [{ id: 'users', label: t('roleCard.tabs.users'), content: <RoleUsersTab roleId={id} /> }]),
  ];

  const actions =
    tab === 'users' ? null : isNew ? (
      tab === 'applications' ? (
        <Button colorPalette="brand" loading={saving} onClick={() => void card.create(LIST_PATH)}>
          {t('actions.save')}
        </Button>
      ) : null
    ) : (
      <Button colorPalette="brand" loading={saving} disabled={!editing} onClick={() => void card.saveCurrent()}>
        {t('actions.update')}
      </Button>
    );

  const failure = roles.error ?? held.error;
  const status = failure ? 'error' : isNew ? 'ready' : roles.isPending || held.isPending ? 'loading' : record ? 'ready' : 'missing';

  return (
    <CardFrame title={t('roles')} back={{ label: t('actions.backToRoles'), onClick: () => navigate(LIST_PATH) }}>
      {status === 'loading' ? <LoadingState label={t('loadingCard')} /> : null}
      {status === 'error' || status === 'missing' ? (
        <ErrorAlert message={status === 'error' ? apiErrorMessage(failure) : localized(ACCESS_MESSAGES.roleUnknown)} />
      ) : null}
      {status === 'ready' ? (
        <TabbedCard
          subheader={isNew ? t('roleCard.subtitle.new') : editing ? t('roleCard.subtitle.edit') : t('roleCard.subtitle.detail')}
          tabs={tabs}
          actions={actions}
          {...card.tabbedCard}
        />
      ) : null}
    </CardFrame>
  );
}
