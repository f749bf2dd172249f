import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithHost } from '../testHost';
import { Modal, type ModalProps } from './Modal';

/** A page with the button that opens the modal; its Cerrar button and Escape close it. */
function Page({ initialFocus, onClose = () => undefined }: Pick<ModalProps, 'initialFocus'> & { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    onClose();
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Editar
      </button>
      <button type="button">Otro botón de la página</button>
      {open ? (
        <Modal
          title="Editar ítem"
          onClose={close}
          initialFocus={initialFocus}
          footer={
            <>
              <button type="button" onClick={close}>
                Cancelar
              </button>
              <button type="button">Guardar</button>
            </>
          }
        >
          <label>
            Nombre
            <input />
          </label>
          <button type="button" disabled>
            No disponible
          </button>
          <button type="button" tabIndex={-1}>
            Fuera del orden
          </button>
        </Modal>
      ) : null}
    </>
  );
}

async function openModal(props: Parameters<typeof Page>[0] = {}) {
  const user = userEvent.setup();
  renderWithHost(<Page {...props} />);
  const opener = screen.getByRole('button', { name: 'Editar' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Editar ítem' }) };
}

describe('Modal', () => {
  it('is a modal dialog labelled by its title heading, focus on its first field', async () => {
    const { dialog } = await openModal();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Editar ítem' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Nombre' })).toHaveFocus();
  });

  it("starts on the box itself with initialFocus 'dialog'", async () => {
    const { dialog } = await openModal({ initialFocus: 'dialog' });
    expect(dialog).toHaveFocus();
  });

  it('keeps Tab inside: from the last control to the first, Shift+Tab from the first to the last', async () => {
    const { user, dialog } = await openModal();
    const name = within(dialog).getByRole('textbox', { name: 'Nombre' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancelar' });
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    await user.tab();
    expect(cancel).toHaveFocus(); // the disabled button and the one out of the order are skipped
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(name).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
  });

  it('Shift+Tab on the box itself goes to the last control', async () => {
    const { user, dialog } = await openModal({ initialFocus: 'dialog' });
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Guardar' })).toHaveFocus();
  });

  it('Escape calls onClose, and focus goes back to the opener when it unmounts', async () => {
    const onClose = jest.fn();
    const { user, opener } = await openModal({ onClose });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(opener).toHaveFocus();
  });

  it('keeps Escape from reaching the page behind it', async () => {
    const user = userEvent.setup();
    const onPageKey = jest.fn();
    const onClose = jest.fn();
    document.addEventListener('keydown', onPageKey);
    try {
      renderWithHost(
        <Modal title="Detalle" onClose={onClose} maxW="3xl">
          <button type="button">Cerrar</button>
        </Modal>,
      );
      expect(screen.getByRole('button', { name: 'Cerrar' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(onPageKey).not.toHaveBeenCalled();
    } finally {
      document.removeEventListener('keydown', onPageKey);
    }
  });
});
