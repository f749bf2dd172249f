import { HStack, Text } from '@chakra-ui/react';
import { formatDate } from '@suite/shared';
import {
  LocalPageTable,
  STATE_DATE_SORT,
  StateSwitch,
  useConsoleMutation,
  useLocalPage,
  type DataTableColumn,
  ACCESS_MESSAGES,
  ACCESS_STATE,
  isActiveState,
  type PrivilegeRecord,
} from '@suite/shared/console';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPrivileges, modifyPrivilege } from '../../api/access';
import { NS } from '../../i18n';
import { AppsCell } from '../common/AppsCell';

import { privilegeModifyBody } from '../common/privilege';

const isActive = (privilege: PrivilegeRecord) => isActiveState(privilege.idstate);
/** The sort menu orders by state and creation date. */
const ACCESS_ORDER = { isActive, date: (privilege: PrivilegeRecord) => privilege.createdon };

/**
 * The privileges list (docs/product/access.md): every privilege is read at once, so search, sort and
 * pages are the table's (remembered for the tab); licence and state switches ask first, save the
 * whole privilege and reload; a row opens the card.
 */
export function PrivilegesList({ label }: { label: string }) {
  const { t } = useTranslation(NS);
  const list = useLocalPage<PrivilegeRecord>({
    entity: 'privileges',
    rememberAs: 'privileges',
    fetchAll: () => fetchPrivileges(),
    order: ACCESS_ORDER,
    defaultSort: STATE_DATE_SORT.newest,
    shows: ['applications'],
  });

  const switchState = useConsoleMutation({
    run: ({ privilege, nextActive }: { privilege: PrivilegeRecord; nextActive: boolean }) =>
      modifyPrivilege(privilegeModifyBody(privilege, { idstate: nextActive ? ACCESS_STATE.active : ACCESS_STATE.inactive })),
    invalidates: ['privileges'],
    success: (_reply, { nextActive }) => (nextActive ? ACCESS_MESSAGES.privilegeNowActive : ACCESS_MESSAGES.privilegeNowInactive),
    autoClose: true,
    showForbidden: true,
  });
  const switchLicence = useConsoleMutation({
    run: ({ privilege, next }: { privilege: PrivilegeRecord; next: boolean }) =>
      modifyPrivilege(privilegeModifyBody(privilege, { licence: next })),
    invalidates: ['privileges'],
    confirm: ({ next }) => (next ? ACCESS_MESSAGES.confirmActivateLicence : ACCESS_MESSAGES.confirmInactivateLicence),
    // the licence has no success text of its own: the server's
    success: (reply) => reply.information || ACCESS_MESSAGES.privilegeUpdated,
    autoClose: true,
    showForbidden: true,
  });

  const { mutate: mutateLicence, pending: licencePending } = switchLicence;
  const columns = useMemo<DataTableColumn<PrivilegeRecord>[]>(
    () => [
      { key: 'name', header: t('columns.name') },
      {
        key: 'createdon',
        header: t('columns.createdon'),
        render: (row) => formatDate(row.createdon),
        searchText: (row) => formatDate(row.createdon),
      },
      { key: 'sharedApps', header: t('columns.applications'), render: (row) => <AppsCell sharedApps={row.sharedApps} /> },
      {
        key: 'licence',
        header: t('columns.licence'),
        searchText: () => '',
        render: (row) => (
          <HStack gap="2">
            <StateSwitch
              checked={row.licence}
              label={t('licence.toggle', { name: row.name })}
              disabled={licencePending}
              onChange={(next) => void mutateLicence({ privilege: row, next })}
            />
            <Text as="span">{t(row.licence ? 'licence.on' : 'licence.off')}</Text>
          </HStack>
        ),
      },
    ],
    [t, mutateLicence, licencePending],
  );

  return (
    <LocalPageTable<PrivilegeRecord>
      list={list}
      label={label}
      columns={columns}
      rowId={(privilege) => privilege.id}
      rowLabel={(privilege) => privilege.name}
      loadingLabel={t('loadingList')}
      createLabel={t('createPrivilege')}
      stateToggle={{
        isActive,
        confirmMessage: (_privilege, nextActive) =>
          nextActive ? ACCESS_MESSAGES.confirmActivatePrivilege : ACCESS_MESSAGES.confirmInactivatePrivilege,
        onToggle: (privilege, nextActive) => switchState.mutate({ privilege, nextActive }),
      }}
    />
  );
}
