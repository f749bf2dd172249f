import { Box } from '@chakra-ui/react';
import { formatThousands, useSession } from '@suite/shared';
import {
  ErrorAlert,
  DataTable,
  useConsoleMutation,
  useServerPage,
  type DataTableColumn,
  type SortOption,
  type TableQuery,
  USER_MESSAGES,
  USER_SORT,
  USER_STATE,
  USER_TYPE,
  type UserRow,
  type UserSort,
} from '@suite/shared/console';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { lockLabel } from '../../components/lockLabel';
import { NS } from '../../i18n';
import { deleteUser, fetchUsers, setUserState } from './usersListApi';

const SORTS = Object.values(USER_SORT);

/** One page of users for the table's query. */
async function fetchPage({ search, page, pageSize, sort = USER_SORT.newest }: TableQuery<UserSort>) {
  const { users, rows, rowsCapped } = await fetchUsers({ customerSearch: search, pages: `${page},${pageSize}`, filterBy: String(sort) });
  return { rows: users ?? [], total: rows ?? 0, totalCapped: rowsCapped === true };
}

/** Only users of these types have the state switch (docs/product/users.md). */
const SWITCHABLE_TYPES: readonly number[] = [USER_TYPE.user, USER_TYPE.certifiedUser];

const isActive = (user: UserRow) => user.idstate === USER_STATE.active;

/**
 * The users list (docs/product/users.md): server-side search on Enter, sort, pagination, the confirmed
 * state switch (types 2 and 4) and delete, a create button; a row opens the user card.
 */
export function UsersList({ label }: { label: string }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  // one's own account can be neither switched off nor deleted (the API refuses it too)
  const me = useSession().user?.userId;
  const isMe = (user: UserRow) => user.id === me;
  // a lockout reads over the state: the switch stays, the person cannot sign in until it ends
  const stateLabel = (user: UserRow) => {
    const lock = lockLabel(user);
    if (lock?.kind === 'locked') return t('state.locked', { minutes: lock.minutes });
    if (lock?.kind === 'blocked') return t('state.blocked');
    return t(isActive(user) ? 'state.active' : 'state.inactive');
  };
  // search, sort and page as the administrator left them (e.g. before opening a card)
  const list = useServerPage<UserRow, UserSort>({
    entity: 'users',
    rememberAs: 'users',
    sorts: SORTS,
    defaultSort: USER_SORT.newest,
    fetchPage,
  });
  // DataTable asks the documented question first; each change reloads the users (here and in any card)
  const switchState = useConsoleMutation({
    run: ({ user, nextActive }: { user: UserRow; nextActive: boolean }) =>
      setUserState({ id: user.id, idstate: nextActive ? USER_STATE.active : USER_STATE.inactive }),
    invalidates: ['users'],
    success: (_reply, { nextActive }) => (nextActive ? USER_MESSAGES.nowActive : USER_MESSAGES.nowInactive),
    autoClose: true,
    showForbidden: true,
  });
  const remove = useConsoleMutation({
    run: (user: UserRow) => deleteUser(user.id),
    invalidates: ['users'],
    // the server's text (A10) when it sends one
    success: (reply) => (reply as { information?: string } | undefined)?.information || USER_MESSAGES.deleted,
    autoClose: true,
    showForbidden: true,
  });

  const columns = useMemo<DataTableColumn<UserRow>[]>(
    () => [
      { key: 'userName', header: t('columns.userName') },
      { key: 'names', header: t('columns.names') },
      { key: 'surnames', header: t('columns.surnames') },
      { key: 'document', header: t('columns.document'), render: (user) => formatThousands(user.document) },
      { key: 'email', header: t('columns.email') },
    ],
    [t],
  );

  const sortOptions = useMemo<SortOption<UserRow, UserSort>[]>(
    () => [
      { value: USER_SORT.active, label: t('sort.active') },
      { value: USER_SORT.inactive, label: t('sort.inactive') },
      { value: USER_SORT.newest, label: t('sort.newest') },
      { value: USER_SORT.oldest, label: t('sort.oldest') },
    ],
    [t],
  );

  return (
    <Box>
      {list.error ? <ErrorAlert message={list.error} mb="3" /> : null}
      <DataTable<UserRow, UserSort>
        label={label}
        columns={columns}
        rows={list.rows}
        total={list.total}
        totalCapped={list.totalCapped}
        rowKey={(user) => user.id}
        rowLabel={(user) => user.userName}
        query={list.query}
        onQueryChange={list.setQuery}
        sortOptions={sortOptions}
        loading={list.loading}
        loadingLabel={t('loading')}
        onRowClick={(user) => navigate(user.id)}
        onCreate={() => navigate('new')}
        createLabel={t('create')}
        stateToggle={{
          header: t('columns.state'),
          available: (user) => SWITCHABLE_TYPES.includes(user.typeuserid) && !isMe(user),
          isActive,
          label: (user) => stateLabel(user),
          confirmMessage: (_user, nextActive) => (nextActive ? USER_MESSAGES.confirmActivate : USER_MESSAGES.confirmDeactivate),
          onToggle: (user, nextActive) => switchState.mutate({ user, nextActive }),
        }}
        rowDelete={{
          available: (user) => !isMe(user),
          confirmMessage: () => USER_MESSAGES.confirmDelete,
          onDelete: (user) => remove.mutate(user),
        }}
      />
    </Box>
  );
}
