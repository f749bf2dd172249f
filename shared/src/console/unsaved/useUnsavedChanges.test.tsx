import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { closeAllDialogs } from '@suite/shared';
import { renderWithHost } from '../testHost';
import { useUnsavedChanges } from './useUnsavedChanges';

afterEach(() => act(() => closeAllDialogs()));

function Editor({ onUpdate, onDiscard }: { onUpdate: () => boolean | Promise<boolean>; onDiscard?: () => void }) {
  const [value, setValue] = useState('');
  const dirty = value !== '';
  const { confirmLeave } = useUnsavedChanges({
    when: dirty,
    onUpdate: async () => {
      const saved = await onUpdate();
      if (saved) setValue('');
      return saved;
    },
    onDiscard: () => {
      setValue('');
      onDiscard?.();
    },
  });
  const [tab, setTab] = useState('Datos');
  return (
    <>
      <input aria-label="Nombres" value={value} onChange={(event) => setValue(event.target.value)} />
      <Link to="/roles">Roles</Link>
      <button type="button" onClick={() => void confirmLeave().then((ok) => ok && setTab('empresas'))}>
        empresas
      </button>
      <p>tab {tab}</p>
    </>
  );
}

function renderEditor(props: Parameters<typeof Editor>[0]) {
  return renderWithHost(
    <Routes>
      <Route path="/users" element={<Editor {...props} />} />
      <Route path="/roles" element={<h1>Roles</h1>} />
    </Routes>,
    '/users',
  );
}

const question = '¿Hiciste Modificaciones ¿deseas actualizarlas?';

describe('useUnsavedChanges', () => {
  it('lets navigation through without changes', async () => {
    const user = userEvent.setup();
    renderEditor({ onUpdate: jest.fn() });
    await user.click(screen.getByRole('link', { name: 'Roles' }));
    expect(screen.getByRole('heading', { name: 'Roles' })).toBeInTheDocument();
  });

  it('holds a link with changes: Escape stays, Descartar leaves', async () => {
    const user = userEvent.setup();
    const onDiscard = jest.fn();
    renderEditor({ onUpdate: jest.fn(), onDiscard });
    await user.type(screen.getByRole('textbox', { name: 'Nombres' }), 'Ana');
    await user.click(screen.getByRole('link', { name: 'Roles' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(question);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('textbox', { name: 'Nombres' })).toHaveValue('Ana');

    await user.click(screen.getByRole('link', { name: 'Roles' }));
    await user.click(await screen.findByRole('button', { name: 'Descartar' }));
    expect(await screen.findByRole('heading', { name: 'Roles' })).toBeInTheDocument();
    expect(onDiscard).toHaveBeenCalledTimes(1);
  });

  it('Actualizar saves, then leaves; a failed save stays', async () => {
    const user = userEvent.setup();
    const onUpdate = jest.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    renderEditor({ onUpdate });
    await user.type(screen.getByRole('textbox', { name: 'Nombres' }), 'Ana');
    await user.click(screen.getByRole('button', { name: 'empresas' }));
    await user.click(await screen.findByRole('button', { name: 'Actualizar' }));
    expect(onUpdate).toHaveBeenCalledTimes(1);
    expect(screen.getByText('tab Datos')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'empresas' }));
    await user.click(await screen.findByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('tab empresas')).toBeInTheDocument();
    expect(onUpdate).toHaveBeenCalledTimes(2);
  });

  it("holds the browser's back button with changes: Escape stays, Descartar goes back", async () => {
    const user = userEvent.setup();
    const { router } = renderWithHost(
      <Routes>
        <Route path="/users" element={<h1>Usuarios</h1>} />
        <Route path="/users/7" element={<Editor onUpdate={jest.fn()} />} />
      </Routes>,
      '/users',
    );
    await act(() => router.navigate('/users/7'));
    await user.type(screen.getByRole('textbox', { name: 'Nombres' }), 'Ana');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(question);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('textbox', { name: 'Nombres' })).toHaveValue('Ana');
    expect(router.state.location.pathname).toBe('/users/7');

    await act(() => router.navigate(-1));
    await user.click(await screen.findByRole('button', { name: 'Descartar' }));
    expect(await screen.findByRole('heading', { name: 'Usuarios' })).toBeInTheDocument();
  });

  it('asks the browser before the page unloads, only with changes', async () => {
    const user = userEvent.setup();
    renderEditor({ onUpdate: jest.fn() });
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Nombres' }), 'Ana');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
