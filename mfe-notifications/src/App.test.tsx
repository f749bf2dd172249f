import { AppProviders } from '@suite/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import App from './App';

function renderAt(path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/Login" element={<p>sign-in</p>} />
          <Route path="*" element={<App />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('mfe-notifications', () => {
  it.each([
    ['/notifications', 'Notificaciones de correo'],
    ['/Notifications', 'Notificaciones de correo'],
  ])('%s shows the %s placeholder', (path, title) => {
    renderAt(path);
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
  });

  it('sends a path it does not own to /Login', () => {
    renderAt('/elsewhere');
    expect(screen.getByText('sign-in')).toBeInTheDocument();
  });
});
