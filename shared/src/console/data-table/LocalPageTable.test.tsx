import { initI18n } from '@suite/shared';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderInHost, Where } from '../../testing';
import '../i18n';
import type { LocalPageState, StateDateSort } from '../query/useLocalPage';
import { LocalPageTable } from './LocalPageTable';

interface Row {
  id: number;
  name: string;
}

const list = (over: Partial<LocalPageState<Row>> = {}): LocalPageState<Row> => ({
  query: { search: '', sort: 3 as StateDateSort, page: 0, pageSize: 10 },
  setQuery: () => undefined,
  rows: [{ id: 7, name: 'Nómina' }],
  sortOptions: [],
  loading: false,
  error: null,
  ...over,
});

function at(element: React.ReactNode) {
  return renderInHost(
    <Routes>
      <Route path="/things" element={element} />
      <Route path="*" element={<Where />} />
    </Routes>,
    '/things',
  );
}

beforeAll(() => initI18n('es'));

describe('LocalPageTable', () => {
  const columns = [{ key: 'name', header: 'Nombre' }];

  it('opens a row at its id, relative to the list', async () => {
    at(
      <LocalPageTable<Row>
        list={list()}
        label="Cosas"
        columns={columns}
        rowId={(r) => r.id}
        rowLabel={(r) => r.name}
        createLabel="Crear cosa"
      />,
    );
    fireEvent.click(await screen.findByText('Nómina'));
    expect(screen.getByLabelText('location')).toHaveTextContent('/things/7');
  });

  it('the create button opens new', async () => {
    at(
      <LocalPageTable<Row>
        list={list()}
        label="Cosas"
        columns={columns}
        rowId={(r) => r.id}
        rowLabel={(r) => r.name}
        createLabel="Crear cosa"
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Crear cosa' }));
    expect(screen.getByLabelText('location')).toHaveTextContent('/things/new');
  });

  it('shows the read error above the table and no create button without its label', async () => {
    at(
      <LocalPageTable<Row>
        list={list({ rows: [], error: 'Sin conexión' })}
        label="Cosas"
        columns={columns}
        rowId={(r) => r.id}
        rowLabel={(r) => r.name}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Sin conexión');
    expect(screen.queryByRole('button', { name: /crear/i })).toBeNull();
  });
});
