import { Box, Field, Input, Stack, Text, VisuallyHidden, chakra } from '@chakra-ui/react';
import { LoadingState, useLocalize } from '@suite/shared';
import {
  ErrorAlert,
  DataTable,
  StateSwitch,
  loadStateOf,
  useServerPage,
  type DataTableColumn,
  ACCESS_TEXT_MAX,
  isActiveState,
  type ApplicationSummary,
  type RoleUserRow,
} from '@suite/shared/console';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPrivileges, fetchRoleUsers } from '../../api/access';
import { NS } from '../../i18n';
import { roleKeys } from '../common/role';
import { pick, setVisible, type RoleApps, type RoleData, type RoleErrors } from './roleForm';

/** Datos: name, description, alias (docs/product/access.md, Rules). */
export function RoleDataTab({
  data,
  onChange,
  errors,
  editing,
}: {
  data: RoleData;
  onChange: (next: RoleData) => void;
  errors: RoleErrors;
  editing: boolean;
}) {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  return (
    <Stack gap="4">
      {(['name', 'description', 'alias'] as const).map((key) => (
        <Field.Root key={key} invalid={Boolean(errors[key])} disabled={!editing} required={key === 'name'}>
          <Field.Label>{t(`roleCard.fields.${key}`)}</Field.Label>
          <Input
            autoComplete="off"
            maxLength={ACCESS_TEXT_MAX}
            value={data[key]}
            onChange={(event) => onChange({ ...data, [key]: event.target.value })}
          />
          <Field.ErrorText>{localized(errors[key])}</Field.ErrorText>
        </Field.Root>
      ))}
    </Stack>
  );
}

const AppButton = chakra('button', {
  base: {
    w: 'full',
    textAlign: 'start',
    px: '3',
    py: '2',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'pointer',
    '&[aria-current=true]': { borderColor: 'brand.main', bg: 'gray.50', fontWeight: 'semibold' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.main', outlineOffset: '1px' },
  },
});

/**
 * Aplicaciones (docs/product/access.md, Screens): per application its title, privilege counter and isVisible
 * switch; the chosen one's active privileges to pick from.
 */
export function RoleApplicationsTab(props: {
  applications: readonly ApplicationSummary[];
  apps: RoleApps;
  onChange: (next: RoleApps) => void;
  editing: boolean;
  error?: string;
}) {
  const { applications, apps, onChange, editing, error } = props;
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  const [selected, setSelected] = useState<string | undefined>(applications[0]?.name);
  const current = applications.find((app) => app.name === selected);
  const privileges = useQuery({
    queryKey: roleKeys.privilegesOf(selected ?? ''),
    queryFn: () => fetchPrivileges(selected),
    enabled: Boolean(selected),
    // only active privileges may be given
    select: (records) => records.filter((record) => isActiveState(record.idstate)),
  });
  const load = loadStateOf(privileges);
  // what the caller may give there (the server says, guard.ts), and what the role gives already, shown but fixed
  const offered = (privileges.data ?? [])
    .map((privilege) => ({
      privilege,
      given: Boolean(selected && apps[selected]?.privilege.includes(privilege.name)),
      givable: privilege.givable !== false,
    }))
    .filter(({ given, givable }) => given || givable);
  if (applications.length === 0) return <Text color="fg.muted">{t('roleCard.applications.noApplications')}</Text>;
  return (
    <Stack gap="3">
      {error ? (
        <Text color="fg.error" role="alert">
          {localized(error)}
        </Text>
      ) : null}
      <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'minmax(220px, 1fr) 2fr' }} gap="4">
        <Stack as="ul" gap="1" listStyleType="none" aria-label={t('roleCard.applications.heading')}>
          {applications.map((app) => {
            const title = app.title || app.name;
            return (
              <Box as="li" key={app.name} display="flex" alignItems="center" gap="2">
                <AppButton type="button" aria-current={app.name === selected} onClick={() => setSelected(app.name)}>
                  <Text as="span" display="block">
                    {title}
                  </Text>
                  <Text as="span" display="block" fontSize="xs" color="fg.muted">
                    {t('roleCard.applications.counter', { count: apps[app.name]?.privilege.length ?? 0 })}
                  </Text>
                </AppButton>
                <StateSwitch
                  checked={apps[app.name]?.isVisible ?? true}
                  label={t('roleCard.applications.visible', { app: title })}
                  disabled={!editing}
                  onChange={(next) => onChange(setVisible(apps, app.name, next))}
                />
              </Box>
            );
          })}
        </Stack>
        <Box as="fieldset" minW={0}>
          <chakra.legend fontWeight="semibold" mb="2">
            {current ? t('roleCard.applications.privilegesOf', { app: current.title || current.name }) : t('roleCard.applications.choose')}
          </chakra.legend>
          {load.status === 'loading' ? (
            <LoadingState />
          ) : load.status === 'error' ? (
            <ErrorAlert message={load.message} />
          ) : offered.length === 0 ? (
            <Text color="fg.muted">{t('roleCard.applications.none')}</Text>
          ) : (
            <Stack gap="1.5" maxH="440px" overflowY="auto">
              {offered.map(({ privilege, given, givable }) => (
                <chakra.label key={privilege.id} display="inline-flex" alignItems="center" gap="2" color={givable ? undefined : 'fg.muted'}>
                  <input
                    type="checkbox"
                    disabled={!editing || !selected || !givable}
                    checked={given}
                    onChange={(event) => selected && onChange(pick(apps, selected, privilege.name, event.target.checked))}
                  />
                  {privilege.name}
                  {givable ? null : <VisuallyHidden>{t('roleCard.applications.notGivable')}</VisuallyHidden>}
                </chakra.label>
              ))}
            </Stack>
          )}
        </Box>
      </Box>
    </Stack>
  );
}

const NO_SORTS = [0] as const;

/** Effective access: the users who hold the role, paged and searched on the server (GET /api/role/users). */
export function RoleUsersTab({ roleId }: { roleId: number }) {
  const { t } = useTranslation(NS);
  const headingId = useId();
  const list = useServerPage<RoleUserRow, 0>({
    entity: 'users',
    of: { owner: 'roles', id: String(roleId) },
    rememberAs: `roles.${roleId}.users`,
    sorts: NO_SORTS,
    defaultSort: 0,
    fetchPage: async (query) => {
      const { users, rows, rowsCapped } = await fetchRoleUsers(roleId, query);
      return { rows: users, total: rows, totalCapped: rowsCapped === true };
    },
  });
  const columns = useMemo<DataTableColumn<RoleUserRow>[]>(
    () => [
      { key: 'userName', header: t('roleCard.users.userName') },
      { key: 'names', header: t('roleCard.users.names') },
      { key: 'surnames', header: t('roleCard.users.surnames') },
      { key: 'application', header: t('roleCard.users.applications') },
    ],
    [t],
  );
  return (
    <Box aria-labelledby={headingId} as="section">
      <Text id={headingId} fontWeight="semibold" mb="2">
        {t('roleCard.users.label')}
      </Text>
      {list.error ? <ErrorAlert message={list.error} mb="3" /> : null}
      <DataTable<RoleUserRow, 0>
        label={t('roleCard.users.label')}
        columns={columns}
        rows={list.rows}
        total={list.total}
        totalCapped={list.totalCapped}
        rowKey={(user) => user.id}
        rowLabel={(user) => user.userName}
        query={list.query}
        onQueryChange={list.setQuery}
        loading={list.loading}
        loadingLabel={t('loadingList')}
      />
    </Box>
  );
}
