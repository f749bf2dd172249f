import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '@suite/shared';
import type { ReactNode } from 'react';
import { CardFrame } from './CardFrame';
import { ErrorAlert } from './ErrorAlert';

const inPage = (ui: ReactNode) => render(<AppProviders>{ui}</AppProviders>);

describe('ErrorAlert', () => {
  it('announces the message as an alert', () => {
    inPage(<ErrorAlert message="No se pudo leer" />);
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo leer');
  });

  it('shows a title above the message', () => {
    inPage(<ErrorAlert title="Error" message="No se pudo guardar" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('No se pudo guardar');
  });
});

describe('CardFrame', () => {
  it('a list screen: a section named by its h1, the list inside', () => {
    inPage(
      <CardFrame title="Roles">
        <p>la lista</p>
      </CardFrame>,
    );
    const section = screen.getByRole('region', { name: 'Roles' });
    expect(within(section).getByRole('heading', { level: 1, name: 'Roles' })).toBeInTheDocument();
    expect(within(section).getByText('la lista')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a card screen: the button back to the list beside the title', async () => {
    const back = jest.fn();
    inPage(<CardFrame title="Roles" back={{ label: 'Volver a roles', onClick: back }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Volver a roles' }));
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('a subtitle under the title; as a heading it names the section', () => {
    const { unmount } = inPage(<CardFrame title="Envíos" subtitle="Aviso · 3 destinatarios" />);
    expect(screen.getByRole('region', { name: 'Envíos' })).toHaveTextContent('Aviso · 3 destinatarios');
    unmount();

    inPage(<CardFrame title="Notificaciones" subtitle="Nueva notificación" subtitleHeading />);
    expect(screen.getByRole('region', { name: 'Nueva notificación' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Nueva notificación' })).toBeInTheDocument();
  });
});
