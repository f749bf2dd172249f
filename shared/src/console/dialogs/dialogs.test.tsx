import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { closeAllDialogs } from '@suite/shared';
import { renderWithHost } from '../testHost';
import { DIALOG_AUTO_CLOSE_MS, askDialog, confirmAction, showMessage } from './consoleDialogs';
import { ConfirmDialog, MessageDialog } from './DialogComponents';

afterEach(() => {
  act(() => closeAllDialogs());
  jest.useRealTimers();
});

describe('confirmAction', () => {
  it('resolves true on Aceptar and false on Cancelar; Tab stays between the two buttons', async () => {
    const user = userEvent.setup();
    renderWithHost(<p>page</p>);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmAction({ message: '¿Deseas eliminar este usuario?' });
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Notificación' });
    expect(dialog).toHaveAccessibleDescription('¿Deseas eliminar este usuario?');
    const accept = within(dialog).getByRole('button', { name: 'Aceptar' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancelar' });
    expect(accept).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(accept).toHaveFocus();
    await user.keyboard('{Enter}');
    await expect(answer).resolves.toBe(true);

    act(() => {
      answer = confirmAction({ message: 'Desea cambiar la empresa principal?', confirmText: 'Sí', cancelText: 'No' });
    });
    await user.click(await screen.findByRole('button', { name: 'No' }));
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('askDialog tells the second button from Escape', async () => {
    const user = userEvent.setup();
    renderWithHost(<p>page</p>);
    let outcome: Promise<string> = Promise.resolve('');
    act(() => {
      outcome = askDialog({ message: 'm', confirmText: 'Reactivar usuario.', cancelText: 'Crear nuevo usuario.' });
    });
    await user.click(await screen.findByRole('button', { name: 'Crear nuevo usuario.' }));
    await expect(outcome).resolves.toBe('cancel');
    act(() => {
      outcome = askDialog({ message: 'm' });
    });
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await expect(outcome).resolves.toBe('dismiss');
  });
});

describe('showMessage', () => {
  it("titles errors 'Error' and other messages 'Notificación', with one Aceptar button", async () => {
    const user = userEvent.setup();
    renderWithHost(<p>page</p>);
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = showMessage({ message: 'No es posible cambiar de estado a este usuario', variant: 'error' });
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Aceptar']);
    await user.keyboard('{Escape}'); // a message waits for its button
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await done;
    act(() => {
      void showMessage({ message: 'El usuario quedó en estado activo' });
    });
    expect(await screen.findByRole('alertdialog', { name: 'Notificación' })).toHaveTextContent('El usuario quedó en estado activo');
  });

  it('without buttons it closes by itself after 1.5 s', async () => {
    jest.useFakeTimers();
    renderWithHost(<p>page</p>);
    let closed = false;
    act(() => {
      void showMessage({ message: 'El usuario fue creado con éxito', autoClose: true }).then(() => {
        closed = true;
      });
    });
    const dialog = screen.getByRole('alertdialog', { name: 'Notificación' });
    expect(within(dialog).queryByRole('button')).not.toBeInTheDocument();
    expect(DIALOG_AUTO_CLOSE_MS).toBe(1500);
    await act(async () => {
      jest.advanceTimersByTime(1499);
    });
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(closed).toBe(true);
  });
});

describe('ConfirmDialog and MessageDialog (declarative)', () => {
  function Screen({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
    const [asking, setAsking] = useState(false);
    const [done, setDone] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setAsking(true)}>
          Eliminar
        </button>
        <p>{asking ? 'preguntando' : 'sin pregunta'}</p>
        <ConfirmDialog
          open={asking}
          message="¿Deseas eliminar este usuario?"
          onConfirm={() => {
            setAsking(false);
            setDone(true);
            onConfirm();
          }}
          onCancel={() => {
            setAsking(false);
            onCancel();
          }}
        />
        <MessageDialog open={done} message="Usuario eliminado" autoClose onClose={() => setDone(false)} />
      </>
    );
  }

  it('asks while open, then shows the result message that closes by itself', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    renderWithHost(<Screen onConfirm={onConfirm} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    // the screen has taken the answer (its render may be scheduled later on a busy machine) before it asks again
    expect(await screen.findByText('sin pregunta')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    await user.click(await screen.findByRole('button', { name: 'Aceptar' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Usuario eliminado');
    await act(async () => {
      jest.advanceTimersByTime(DIALOG_AUTO_CLOSE_MS);
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('closes the question unanswered when the screen goes away', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    const { unmount } = renderWithHost(<ConfirmDialog open message="¿Seguro?" onConfirm={onConfirm} onCancel={onCancel} />);
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    unmount();
    renderWithHost(<p>next</p>);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
