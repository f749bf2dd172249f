import { Alert, Box } from '@chakra-ui/react';
import { USER_MESSAGES, USER_SORT, USER_STATE, USER_TYPE, apiErrorMessage, formatThousands, useSession, type UserRow, type UserSort } from '@suite/shared';
import { DataTable, showMessage, useRememberedQuery, type DataTableColumn, type SortOption } from '@suite/shared/console';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NS } from '../../i18n';
import { useUsersPage } from './useUsersPage';
import { deleteUser, setUserState } from './usersListApi';

/** Only users of these types have the state switch (console spec §2, §6). */
const SWITCHABLE_TYPES: readonly number[] = [USER_TYPE.user, USER_TYPE.certifiedUser];

const isActive = (user: UserRow) => user.idstate === USER_STATE.active;

/**
 * The users list (console spec §2): server-side search on Enter, sort, pagination, the confirmed
 * state switch (types 2 and 4) and delete, a create button; a row opens the user card.
 */
export function UsersList({ label }: { label: string }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  // one's own account can be neither switched off nor deleted (the API refuses it too)
  const me = useSession().user?.userId;
  const isMe = (user: UserRow) => user.id === me;
  // search, sort and page as the administrator left them (e.g. before opening a card)
  const [query, setQuery] = useRememberedQuery<UserSort>('users', Object.values(USER_SORT), USER_SORT.newest);
  const { state, reload } = useUsersPage(query);

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

  /** Runs a change, then shows its outcome; the list reloads after a success. */
  const change = async (call: () => Promise<unknown>, success: (reply: unknown) => string) => {
    try {
      const reply = await call();
      reload();
      await showMessage({ message: success(reply), autoClose: true });
    } catch (error) {
      await showMessage({ message: apiErrorMessage(error), variant: 'error' });
    }
  };

  return (
    <Box>
      {state.error ? (
        <Alert.Root status="error" role="alert" mb="3">
          <Alert.Indicator />
          <Alert.Title>{state.error}</Alert.Title>
        </Alert.Root>
      ) : null}
      <DataTable<UserRow, UserSort>
        label={label}
        columns={columns}
        rows={state.users}
        total={state.rows}
        totalCapped={state.rowsCapped}
        rowKey={(user) => user.id}
        rowLabel={(user) => user.userName}
        query={query}
        onQueryChange={setQuery}
        sortOptions={sortOptions}
        loading={state.loading}
        loadingLabel={t('loading')}
        onRowClick={(user) => navigate(user.id)}
        onCreate={() => navigate('new')}
        createLabel={t('create')}
        stateToggle={{
          header: t('columns.state'),
          available: (user) => SWITCHABLE_TYPES.includes(user.typeuserid) && !isMe(user),
          isActive,
          label: (user) => t(isActive(user) ? 'state.active' : 'state.inactive'),
          confirmMessage: (_user, nextActive) => (nextActive ? USER_MESSAGES.confirmActivate : USER_MESSAGES.confirmDeactivate),
          onToggle: (user, nextActive) =>
            change(
              () => setUserState({ id: user.id, idstate: nextActive ? USER_STATE.active : USER_STATE.inactive }),
              () => (nextActive ? USER_MESSAGES.nowActive : USER_MESSAGES.nowInactive),
            ),
        }}
        rowDelete={{
          available: (user) => !isMe(user),
          confirmMessage: () => USER_MESSAGES.confirmDelete,
          onDelete: (user) =>
            change(
              () => deleteUser(user.id),
              // the server's text (A10) when it sends one
              (reply) => (reply as { information?: string } | undefined)?.information || USER_MESSAGES.deleted,
            ),
        }}
      />
    </Box>
  );
}
