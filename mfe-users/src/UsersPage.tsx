import { Alert, Box, Heading, Table } from '@chakra-ui/react';
import { LoadingState, USER_STATE, apiErrorMessage, formatThousands, type UserRow } from '@suite/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from './i18n';
import { fetchUsers } from './usersApi';

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; users: UserRow[]; rows: number };

const COLUMNS = ['userName', 'names', 'surnames', 'document', 'email', 'state'] as const;

/** The users list (console spec §2): the first page, newest first. */
export function UsersPage() {
  const { t } = useTranslation(NS);
  const headingId = useId();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    fetchUsers()
      .then(({ users, rows }) => live && setState({ status: 'ready', users, rows }))
      .catch((error: unknown) => live && setState({ status: 'error', message: apiErrorMessage(error) }));
    return () => {
      live = false;
    };
  }, []);

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h1" id={headingId} size="xl" mb="4">
        {t('title')}
      </Heading>
      {state.status === 'loading' ? <LoadingState label={t('loading')} /> : null}
      {state.status === 'error' ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{state.message}</Alert.Title>
        </Alert.Root>
      ) : null}
      {state.status === 'ready' ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="440px" bg="white">
          <Table.Root aria-labelledby={headingId} size="sm" stickyHeader interactive>
            <Table.Header>
              <Table.Row>
                {COLUMNS.map((column) => (
                  <Table.ColumnHeader key={column} scope="col">
                    {t(`columns.${column}`)}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {state.users.length === 0 ? (
                <Table.Row>
                  <Table.Cell colSpan={COLUMNS.length} textAlign="center" py="6">
                    {t('empty')}
                  </Table.Cell>
                </Table.Row>
              ) : (
                state.users.map((user) => (
                  <Table.Row key={user.id}>
                    <Table.Cell>{user.userName}</Table.Cell>
                    <Table.Cell>{user.names}</Table.Cell>
                    <Table.Cell>{user.surnames}</Table.Cell>
                    <Table.Cell>{formatThousands(user.document)}</Table.Cell>
                    <Table.Cell>{user.email}</Table.Cell>
                    <Table.Cell>{user.idstate === USER_STATE.active ? t('state.active') : t('state.inactive')}</Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
    </Box>
  );
}
