import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders, DialogHost } from '@suite/shared';

/** Renders kit pieces the way the host does: providers, a router and the page's DialogHost. */
export function renderWithHost(ui: ReactElement, path = '/') {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <DialogHost />
      </MemoryRouter>
    </AppProviders>,
  );
}
