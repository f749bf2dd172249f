import { AppProviders, resetRuntimeConfig, setRuntimeConfig } from '@suite/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ShellErrorBoundary } from './ErrorBoundary';
import { LoadingScreen } from './LoadingScreen';
import { MaintenanceOverlay } from './MaintenanceOverlay';
import { reply } from '@suite/shared/testing';

beforeEach(() => {
  resetRuntimeConfig();
  setRuntimeConfig({ appName: 'ibuhoo' });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.useRealTimers());

describe('shell error boundary', () => {
  it("shows 'Something error has occurred.' when a part of the shell throws", () => {
    function Broken(): never {
      throw new Error('boom');
    }
    render(
      <AppProviders>
        <ShellErrorBoundary>
          <Broken />
        </ShellErrorBoundary>
      </AppProviders>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something error has occurred.');
  });
});

describe('maintenance overlay', () => {
  it('covers the page with the message, the logos and Entendido while the window is active', async () => {
    const user = userEvent.setup();
    const fetch = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(reply(200, { statusCode: 200, result: { isMaintenance: true, message: 'Volvemos a las 6 a. m.' } }));
    render(
      <AppProviders>
        <MaintenanceOverlay />
      </AppProviders>,
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Volvemos a las 6 a. m.');
    expect(screen.getByRole('img', { name: 'GSE Suite' })).toBeInTheDocument();
    const request = fetch.mock.calls[0][0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/application/getMaintenanceWindow');
    expect(request.headers.get('appName')).toBe('ibuhoo');
    await user.click(screen.getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['no window', () => Promise.resolve(reply(200, { statusCode: 200, result: { isMaintenance: false, message: '' } }))],
    ['a failed fetch', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('shows nothing with %s', async (_label, answer) => {
    const fetch = jest.spyOn(globalThis, 'fetch').mockImplementation(answer);
    render(
      <AppProviders>
        <MaintenanceOverlay />
      </AppProviders>,
    );
    await act(async () => {
      await Promise.resolve();
    });
    expect(fetch).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('loading screen', () => {
  it('goes to /login after 2 s', () => {
    jest.useFakeTimers();
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/loading']}>
          <Routes>
            <Route path="/loading" element={<LoadingScreen />} />
            <Route path="/login" element={<p>sign-in</p>} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.queryByText('sign-in')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText('sign-in')).toBeInTheDocument();
  });
});
