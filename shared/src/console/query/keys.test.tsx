import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { consoleKeys, invalidateEntities, touches } from './keys';

describe('console query keys', () => {
  it('start with the entity whose data they hold', () => {
    expect(consoleKeys.all('roles')).toEqual(['roles']);
    expect(consoleKeys.list('users', { search: 'ana', page: 2 })).toEqual(['users', 'list', { search: 'ana', page: 2 }]);
    expect(consoleKeys.detail('users', '7')).toEqual(['users', 'detail', '7']);
    expect(consoleKeys.of('roles', 'users', '7', 'counts')).toEqual(['roles', 'of', 'users', '7', 'counts']);
    expect(consoleKeys.of('companies', 'users', undefined)).toEqual(['companies', 'of', 'users', null]);
  });

  it('a change of an entity touches its own data, the data of it about other records, and the queries that show it', () => {
    const userRoles = consoleKeys.of('roles', 'users', '7', 'application', 'suite');
    expect(touches(userRoles, undefined, ['roles'])).toBe(true);
    expect(touches(userRoles, undefined, ['users'])).toBe(true);
    expect(touches(userRoles, undefined, ['applications'])).toBe(false);
    expect(touches(userRoles, { shows: ['applications'] }, ['applications'])).toBe(true);
    expect(touches(consoleKeys.list('users', {}), undefined, ['roles'])).toBe(false);
    expect(touches(consoleKeys.detail('roles', '3'), undefined, ['users'])).toBe(false);
  });
});

describe('invalidation across sections', () => {
  it('a role renamed in the roles section shows renamed in an open user card', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    let roleName = 'Consulta';
    const fetchUserRoles = jest.fn(async () => [roleName]);
    const fetchUser = jest.fn(async () => ({ name: 'Ana' }));

    /** What a user card shows: the user, and the roles the user holds (roles data about a user). */
    function UserCard() {
      const user = useQuery({ queryKey: consoleKeys.detail('users', '7'), queryFn: fetchUser });
      const roles = useQuery({ queryKey: consoleKeys.of('roles', 'users', '7', 'application', 'suite'), queryFn: fetchUserRoles });
      return (
        <p>
          {user.data?.name}: {roles.data?.join(', ')}
        </p>
      );
    }
    render(
      <QueryClientProvider client={client}>
        <UserCard />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Ana: Consulta')).toBeInTheDocument();

    // the roles section renames the role and invalidates what a change of roles affects
    roleName = 'Consulta de usuarios';
    await act(() => invalidateEntities(client, ['roles']));
    expect(await screen.findByText('Ana: Consulta de usuarios')).toBeInTheDocument();
    expect(fetchUserRoles).toHaveBeenCalledTimes(2);
    // the user itself was not read again
    expect(fetchUser).toHaveBeenCalledTimes(1);

    // a change of the user (saved in the card) reads the user and the roles shown of them again
    await act(() => invalidateEntities(client, ['users']));
    expect(fetchUser).toHaveBeenCalledTimes(2);
    expect(fetchUserRoles).toHaveBeenCalledTimes(3);

    // another section's change leaves the card alone
    await act(() => invalidateEntities(client, ['menus', 'notifications']));
    expect(fetchUser).toHaveBeenCalledTimes(2);
    expect(fetchUserRoles).toHaveBeenCalledTimes(3);
    client.clear();
  });
});
