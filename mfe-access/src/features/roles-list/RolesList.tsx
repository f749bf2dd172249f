import { Text } from '@chakra-ui/react';
import { formatDate } from '@suite/shared';
import {
  LocalPageTable,
  STATE_DATE_SORT,
  useConsoleMutation,
  useLocalPage,
  type DataTableColumn,
  ACCESS_MESSAGES,
  ACCESS_STATE,
  isActiveState,
  type RoleAdminRecord,
} from '@suite/shared/console';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchRoles, setRoleState } from '../../api/access';
import { NS } from '../../i18n';
import { AppsCell } from '../common/AppsCell';
import { cutName } from '../common/listing';

const isActive = (role: RoleAdminRecord) => isActiveState(role.idstate);
/** The sort menu orders by state and creation date. */
const ACCESS_ORDER = { isActive, date: (role: RoleAdminRecord) => role.createdon };

/**
 * The roles list (docs/product/access.md): every role is read at once, so search, sort and pages are the
 * table's (remembered for the tab); the state switch asks first and reloads; a row opens the card.
 */
export function RolesList({ label }: { label: string }) {
  const { t } = useTranslation(NS);
  const list = useLocalPage<RoleAdminRecord>({
    entity: 'roles',
    rememberAs: 'roles',
    fetchAll: fetchRoles,
    order: ACCESS_ORDER,
    defaultSort: STATE_DATE_SORT.newest,
    shows: ['applications', 'privileges'],
  });

  const switchState = useConsoleMutation({
    // the state-only body: the description is sent as stored and not changed
    run: ({ role, nextActive }: { role: RoleAdminRecord; nextActive: boolean }) =>
      setRoleState({ id: role.id, description: role.description, idstate: nextActive ? ACCESS_STATE.active : ACCESS_STATE.inactive }),
    invalidates: ['roles'],
    success: (_reply, { nextActive }) => (nextActive ? ACCESS_MESSAGES.roleNowActive : ACCESS_MESSAGES.roleNowInactive),
    autoClose: true,
    showForbidden: true,
  });

  const columns = useMemo<DataTableColumn<RoleAdminRecord>[]>(
    () => [
      {
        key: 'name',
        header: t('columns.name'),
        // cut where space is tight; the whole name on hover and for screen readers
        render: (row) => (
          <Text as="span" title={row.name.length > 40 ? row.name : undefined} aria-label={row.name.length > 40 ? row.name : undefined}>
            {cutName(row.name)}
          </Text>
        ),
      },
      {
        key: 'createdon',
        header: t('columns.createdon'),
        render: (row) => formatDate(row.createdon),
        searchText: (row) => formatDate(row.createdon),
      },
      { key: 'sharedApps', header: t('columns.applications'), render: (row) => <AppsCell sharedApps={row.sharedApps} /> },
    ],
    [t],
  );

  return (
    <LocalPageTable<RoleAdminRecord>
      list={list}
      label={label}
      columns={columns}
      rowId={(role) => role.id}
      rowLabel={(role) => role.name}
      loadingLabel={t('loadingList')}
      createLabel={t('createRole')}
      stateToggle={{
        isActive,
        confirmMessage: (_role, nextActive) => (nextActive ? ACCESS_MESSAGES.confirmActivateRole : ACCESS_MESSAGES.confirmInactivateRole),
        onToggle: (role, nextActive) => switchState.mutate({ role, nextActive }),
      }}
    />
  );
}
