import { ApiError, closeAllDialogs } from '@suite/shared';
import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithHost } from '../testHost';
import { consoleKeys } from './keys';
import { useConsoleMutation } from './useConsoleMutation';

/** A refusal as the API client throws it: the server's text in the envelope. */
const refused = (information: string, status: number) =>
  new ApiError(information, status, { statusCode: status, result: { information } } as never);

afterEach(() => act(() => closeAllDialogs()));

function Roles({ run, fetchRoles }: { run: (name: string) => Promise<unknown>; fetchRoles: () => Promise<string[]> }) {
  const roles = useQuery({ queryKey: consoleKeys.list('roles', {}), queryFn: fetchRoles });
  const rename = useConsoleMutation({
    run,
    invalidates: ['roles'],
    confirm: (name: string) => `¿Renombrar a ${name}?`,
    success: 'Rol actualizado',
  });
  return (
    <>
      <p>roles: {roles.data?.join(', ')}</p>
      <button type="button" onClick={() => void rename.mutate('Auditor')}>
        Renombrar
      </button>
    </>
  );
}

describe('useConsoleMutation', () => {
  it('asks first, runs, reloads what the entity shows and gives the message', async () => {
    const user = userEvent.setup();
    let names = ['Consulta'];
    const run = jest.fn(async (name: string) => {
      names = [name];
    });
    const fetchRoles = jest.fn(async () => names);
    renderWithHost(<Roles run={run} fetchRoles={fetchRoles} />);
    expect(await screen.findByText('roles: Consulta')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Renombrar' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('¿Renombrar a Auditor?');
    await user.keyboard('{Escape}');
    expect(run).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Renombrar' }));
    await user.click(await screen.findByRole('button', { name: 'Aceptar' }));
    expect(run).toHaveBeenCalledWith('Auditor');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Rol actualizado');
    expect(await screen.findByText('roles: Auditor')).toBeInTheDocument();
  });

  it("shows a failure in an Error dialog, but not a 403's (the privileges dialog has it)", async () => {
    const user = userEvent.setup();
    const run = jest.fn().mockRejectedValueOnce(refused('Nombre en uso', 400)).mockRejectedValueOnce(refused('Sin privilegios', 403));
    const fetchRoles = jest.fn(async () => ['Consulta']);
    renderWithHost(<Roles run={run} fetchRoles={fetchRoles} />);
    await user.click(await screen.findByRole('button', { name: 'Renombrar' }));
    await user.click(await screen.findByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Nombre en uso');
    await act(() => closeAllDialogs());

    await user.click(screen.getByRole('button', { name: 'Renombrar' }));
    await user.click(await screen.findByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(run).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fetchRoles).toHaveBeenCalledTimes(1);
  });
});
