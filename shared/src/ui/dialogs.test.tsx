import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from './AppProviders';
import { DIALOG_TRANSITION_TIMEOUT_MS, DialogHost, closeAllDialogs, showDialog } from './dialogs';

const renderHost = () =>
  render(
    <AppProviders>
      <DialogHost />
    </AppProviders>,
  );

/** Pretends the browser runs the closing animation; `finished` is when it reports the end. */
function animationsFinishing(finished: Promise<unknown>) {
  const animation = { finished } as unknown as Animation;
  Object.defineProperty(Element.prototype, 'getAnimations', { configurable: true, value: () => [animation] });
}

afterEach(() => {
  act(() => closeAllDialogs());
  delete (Element.prototype as Partial<Element>).getAnimations;
  jest.useRealTimers();
});

describe('dialog transitions', () => {
  it('a closed dialog stays, inert, while its closing transition runs, and at most 10000 ms', async () => {
    jest.useFakeTimers();
    animationsFinishing(new Promise(() => undefined));
    renderHost();
    let outcome: string | undefined;
    act(() => void showDialog({ message: 'Guardado' }).then((o) => (outcome = o)));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Guardado');
    act(() => screen.getByRole('button', { name: 'Aceptar' }).click());
    await act(async () => undefined);
    expect(outcome).toBe('confirm');
    // no longer a dialog for anyone, but still on screen while it fades out
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const leaving = screen.getByText('Guardado').closest('[data-state]');
    expect(leaving).toHaveAttribute('data-state', 'closed');
    expect(leaving).toHaveAttribute('inert');
    act(() => jest.advanceTimersByTime(DIALOG_TRANSITION_TIMEOUT_MS - 1));
    expect(screen.getByText('Guardado')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Guardado')).not.toBeInTheDocument();
    expect(DIALOG_TRANSITION_TIMEOUT_MS).toBe(10000);
  });

  it('leaves as soon as the closing animation ends', async () => {
    let end: () => void = () => undefined;
    animationsFinishing(new Promise<void>((resolve) => (end = resolve)));
    const user = userEvent.setup();
    renderHost();
    act(() => void showDialog({ message: 'Listo' }));
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByText('Listo')).toBeInTheDocument();
    await act(async () => end());
    expect(screen.queryByText('Listo')).not.toBeInTheDocument();
  });

  it('the next dialog in the queue opens at once, and it takes the focus', async () => {
    animationsFinishing(new Promise(() => undefined));
    const user = userEvent.setup();
    renderHost();
    act(() => {
      void showDialog({ message: 'Primero' });
      void showDialog({ message: 'Segundo' });
    });
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Segundo');
    expect(screen.queryByText('Primero')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aceptar' })).toHaveFocus();
  });
});
