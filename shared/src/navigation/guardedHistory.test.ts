import { UNSAFE_createMemoryHistory } from 'react-router-dom';
import { guardHistory, type HeldNavigation } from './guardedHistory';

function setUp(entries = ['/users', '/users/7']) {
  const history = guardHistory(UNSAFE_createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1, v5Compat: true }));
  const heard: string[] = [];
  history.listen(({ action, location }) => heard.push(`${action} ${location.pathname}`));
  let held: HeldNavigation | null = null;
  let holding = true;
  const remove = history.guard({ holds: () => holding, onHeld: (navigation) => (held = navigation) });
  return {
    history,
    heard,
    held: () => held,
    release: () => (holding = false),
    remove,
  };
}

describe('guarded history', () => {
  it('holds a push until it proceeds; the router hears it only then', () => {
    const { history, heard, held } = setUp();
    history.push('/roles');
    expect(history.location.pathname).toBe('/users/7');
    expect(heard).toEqual([]);
    held()?.proceed();
    expect(history.location.pathname).toBe('/roles');
    expect(heard).toEqual(['PUSH /roles']);
  });

  it('undoes a held back at once, and goes back on proceed', () => {
    const { history, heard, held } = setUp();
    history.go(-1);
    expect(history.location.pathname).toBe('/users/7');
    expect(heard).toEqual([]);
    held()?.proceed();
    expect(history.location.pathname).toBe('/users');
    expect(heard).toEqual(['POP /users']);
  });

  it('stays where it is on reset, and lets everything through once nothing holds', () => {
    const { history, heard, held, release, remove } = setUp();
    history.replace('/roles');
    held()?.reset();
    expect(history.location.pathname).toBe('/users/7');
    release();
    history.go(-1);
    expect(heard).toEqual(['POP /users']);
    remove();
    history.push('/apps');
    expect(heard).toEqual(['POP /users', 'PUSH /apps']);
  });
});
