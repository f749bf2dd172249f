import { closeAllDialogs } from '@suite/shared';
import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { TabbedCard } from '../tabbed-card/TabbedCard';
import { renderWithHost } from '../testHost';
import { consoleKeys } from '../query/keys';
import { useCardController } from './useCardController';

afterEach(() => act(() => closeAllDialogs()));

const question = '¿Hiciste Modificaciones ¿deseas actualizarlas?';

/** A role card: a name tab and a privileges tab, each saving its part. */
function RoleCard({ save, fetchRole, isNew = false }: { save: jest.Mock; fetchRole: () => Promise<string>; isNew?: boolean }) {
  const role = useQuery({ queryKey: consoleKeys.detail('roles', '3'), queryFn: fetchRole, enabled: !isNew });
  const [name, setName] = useState<string | null>(null);
  const [privileges, setPrivileges] = useState(false);
  const shown = name ?? role.data ?? '';
  const card = useCardController({
    tabs: ['name', 'privileges'] as const,
    parts: {
      name: {
        dirty: name !== null && name !== role.data,
        save: async () => {
          if (!(await save(name))) return false;
          await card.saved('Rol actualizado', () => setName(null));
          return true;
        },
        discard: () => setName(null),
      },
      privileges: { dirty: privileges, save: async () => true, discard: () => setPrivileges(false) },
    },
    creation: isNew
      ? {
          save: async () => Boolean(await save(name)),
          beforeForward: async () => name !== null && name !== '',
        }
      : undefined,
    invalidates: ['roles'],
  });
  return (
    <TabbedCard
      subheader={card.editing ? 'Editar rol' : 'Detalles del rol'}
      tabs={[
        {
          id: 'name',
          label: 'Nombre',
          content: <input aria-label="Nombre" disabled={!card.editing} value={shown} onChange={(event) => setName(event.target.value)} />,
        },
        { id: 'privileges', label: 'Privilegios', content: <p>privilegios</p> },
      ]}
      actions={
        <button type="button" onClick={() => void (isNew ? card.create('/roles') : card.saveCurrent())}>
          {isNew ? 'Guardar' : 'Actualizar'}
        </button>
      }
      {...card.tabbedCard}
    />
  );
}

function renderCard(props: Parameters<typeof RoleCard>[0], path = '/roles/3') {
  return renderWithHost(
    <Routes>
      <Route path="/roles" element={<h1>Roles</h1>} />
      <Route path="/roles/:id" element={<RoleCard {...props} />} />
    </Routes>,
    path,
  );
}

describe('useCardController', () => {
  it('opens in detail mode; a saved tab reloads, leaves edit mode and gives the message', async () => {
    const user = userEvent.setup();
    let stored = 'Auditor';
    const fetchRole = jest.fn(async () => stored);
    const save = jest.fn(async (name: string) => {
      stored = name;
      return true;
    });
    renderCard({ save, fetchRole });
    expect(await screen.findByDisplayValue('Auditor')).toBeInTheDocument();
    expect(screen.getByText('Detalles del rol')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.clear(screen.getByRole('textbox', { name: 'Nombre' }));
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Auditora');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Rol actualizado');
    expect(fetchRole).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Detalles del rol')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Auditora');
  });

  it('asks before another tab, leaving edit mode and leaving the page; Descartar drops the tab’s changes', async () => {
    const user = userEvent.setup();
    const { router } = renderCard({ save: jest.fn(), fetchRole: async () => 'Auditor' });
    await screen.findByDisplayValue('Auditor');
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'X');

    await user.click(screen.getByRole('tab', { name: 'Privilegios' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(question);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('tab', { name: 'Nombre' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('button', { name: 'Dejar de editar' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(question);
    await user.keyboard('{Escape}');
    expect(screen.getByText('Editar rol')).toBeInTheDocument();

    await act(() => router.navigate('/roles'));
    await user.click(await screen.findByRole('button', { name: 'Descartar' }));
    expect(await screen.findByRole('heading', { name: 'Roles' })).toBeInTheDocument();
  });

  it('a new record starts in edit mode, moves forward only when allowed, and goes to the list once created', async () => {
    const user = userEvent.setup();
    const save = jest.fn(async () => true);
    const { router } = renderCard({ save, fetchRole: async () => '', isNew: true }, '/roles/new');
    expect(await screen.findByText('Editar rol')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Privilegios' }));
    expect(screen.getByRole('tab', { name: 'Nombre' })).toHaveAttribute('aria-selected', 'true');

    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Auditor');
    await user.click(screen.getByRole('tab', { name: 'Privilegios' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Privilegios' })).toHaveAttribute('aria-selected', 'true'));

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/roles'));
    expect(save).toHaveBeenCalledWith('Auditor');
  });
});
