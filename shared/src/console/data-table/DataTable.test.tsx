import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { closeAllDialogs } from '@suite/shared';
import { renderWithHost } from '../testHost';
import { DataTable } from './DataTable';
import { initialTableQuery, type DataTableColumn, type SortOption, type TableQuery } from './types';

interface Person {
  id: string;
  name: string;
  city: string;
  active: boolean;
  kind: number;
}

const people: Person[] = Array.from({ length: 27 }, (_, i) => ({
  id: String(i + 1),
  name: `Persona ${String(i + 1).padStart(2, '0')}`,
  city: i % 3 === 0 ? 'Bogotá' : 'Medellín',
  active: i % 2 === 0,
  kind: i % 4,
}));

const columns: DataTableColumn<Person>[] = [
  { key: 'name', header: 'Nombre' },
  { key: 'city', header: 'Ciudad', render: (p) => <em>{p.city}</em> },
];

const sortOptions: SortOption<Person>[] = [
  { value: 'asc', label: 'A-Z', compare: (a, b) => a.name.localeCompare(b.name) },
  { value: 'desc', label: 'Z-A', compare: (a, b) => b.name.localeCompare(a.name) },
];

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const names = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0].textContent);

afterEach(() => act(() => closeAllDialogs()));

describe('DataTable, client-side data', () => {
  it('shows 10 rows of the first page, with 10 / 25 / 100 per page and Spanish labels', async () => {
    const user = userEvent.setup();
    renderWithHost(<DataTable label="Personas" columns={columns} rows={people} rowKey={(p) => p.id} rowLabel={(p) => p.name} />);
    expect(screen.getByRole('table', { name: 'Personas' })).toBeInTheDocument();
    expect(names()).toHaveLength(10);
    expect(screen.getByText('1-10 de 27')).toBeInTheDocument();
    const size = screen.getByLabelText('Filas por página:');
    expect([...(size as HTMLSelectElement).options].map((o) => o.value)).toEqual(['10', '25', '100']);
    expect(screen.getByRole('button', { name: 'Página previa' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(screen.getByText('21-27 de 27')).toBeInTheDocument();
    expect(names()).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeDisabled();

    await user.selectOptions(size, '25');
    expect(screen.getByText('1-25 de 27')).toBeInTheDocument();
    expect(names()).toHaveLength(25);
  });

  it('filters as one types (accents ignored), without the Enter hint', async () => {
    const user = userEvent.setup();
    renderWithHost(<DataTable label="Personas" columns={columns} rows={people} rowKey={(p) => p.id} rowLabel={(p) => p.name} />);
    expect(screen.queryByText('Presiona la tecla Enter para filtar tu busqueda')).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'bogota');
    expect(screen.getByText('1-9 de 9')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'x');
    expect(screen.getByText('No se encontraron resultados')).toBeInTheDocument();
    expect(screen.getByText('0-0 de 0')).toBeInTheDocument();
  });

  it('sorts with the option chosen in the sort menu', async () => {
    const user = userEvent.setup();
    renderWithHost(
      <DataTable
        label="Personas"
        columns={columns}
        rows={people}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.name}
        sortOptions={sortOptions}
      />,
    );
    expect(names()[0]).toBe('Persona 01');
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Z-A');
    expect(names()[0]).toBe('Persona 27');
  });

  it('has a 440 px container', () => {
    renderWithHost(<DataTable label="Personas" columns={columns} rows={[]} rowKey={(p) => p.id} rowLabel={(p) => p.name} />);
    expect(screen.getByRole('table').parentElement).toHaveStyle({ height: '440px' });
  });
});

describe('DataTable, row actions', () => {
  it('opens a row on click and on Enter when the row has focus', async () => {
    const user = userEvent.setup();
    const open = jest.fn();
    renderWithHost(
      <DataTable label="Personas" columns={columns} rows={people} rowKey={(p) => p.id} rowLabel={(p) => p.name} onRowClick={open} />,
    );
    await user.click(screen.getByText('Persona 02'));
    expect(open).toHaveBeenLastCalledWith(people[1]);
    const row = bodyRows()[2];
    expect(row).toHaveAttribute('tabindex', '0');
    row.focus();
    await user.keyboard('{Enter}');
    expect(open).toHaveBeenLastCalledWith(people[2]);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('asks before switching a row state; Cancelar changes nothing, Aceptar calls back once', async () => {
    const user = userEvent.setup();
    const onToggle = jest.fn();
    const open = jest.fn();
    renderWithHost(
      <DataTable
        label="Personas"
        columns={columns}
        rows={people}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.name}
        onRowClick={open}
        stateToggle={{
          available: (p) => p.kind === 1 || p.kind === 3,
          isActive: (p) => p.active,
          confirmMessage: (_p, next) => (next ? '¿Deseas activar esta persona ?' : '¿Deseas desactivar esta persona ?'),
          onToggle,
        }}
      />,
    );
    // rows of kind 0 and 2 have no switch, only the state text
    expect(within(bodyRows()[0]).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(bodyRows()[0]).getByText('Activo')).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Cambiar estado de Persona 02' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await user.click(toggle);
    const dialog = await screen.findByRole('alertdialog', { name: 'Notificación' });
    expect(dialog).toHaveTextContent('¿Deseas activar esta persona ?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onToggle).not.toHaveBeenCalled();

    // keyboard: Space on the focused switch, Enter on the dialog's focused Aceptar
    toggle.focus();
    await user.keyboard(' ');
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aceptar' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onToggle).toHaveBeenCalledWith(people[1], true));
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(open).not.toHaveBeenCalled();
  });

  it('asks before deleting a row; Escape changes nothing', async () => {
    const user = userEvent.setup();
    const onDelete = jest.fn();
    renderWithHost(
      <DataTable
        label="Personas"
        columns={columns}
        rows={people.slice(0, 3)}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.name}
        rowDelete={{ confirmMessage: () => '¿Deseas eliminar esta persona?', onDelete }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Eliminar Persona 03' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('¿Deseas eliminar esta persona?');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Eliminar Persona 03' }));
    await user.click(await screen.findByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(people[2]));
  });
});

describe('DataTable, server-side data', () => {
  function ServerTable({
    onQuery,
    loading = false,
    capped = false,
  }: {
    onQuery: (q: TableQuery) => void;
    loading?: boolean;
    capped?: boolean;
  }) {
    const [query, setQuery] = useState<TableQuery>(initialTableQuery<string | number>(3));
    return (
      <DataTable
        label="Usuarios"
        columns={columns}
        rows={people.slice(0, 10)}
        total={57}
        totalCapped={capped}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.name}
        sortOptions={[
          { value: 1, label: 'Activo' },
          { value: 3, label: 'Más reciente' },
        ]}
        query={query}
        loading={loading}
        loadingLabel="Cargando usuarios…"
        onQueryChange={(next) => {
          setQuery(next);
          onQuery(next);
        }}
      />
    );
  }

  it('searches on Enter only, with the hint, and goes back to page 1', async () => {
    const user = userEvent.setup();
    const onQuery = jest.fn();
    renderWithHost(<ServerTable onQuery={onQuery} />);
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    expect(search).toHaveAccessibleDescription('Presiona la tecla Enter para filtar tu busqueda');
    // the rows are the server's page as given: not cut or filtered here
    expect(screen.getByText('1-10 de 57')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(onQuery).toHaveBeenLastCalledWith({ search: '', sort: 3, page: 2, pageSize: 10 });
    expect(screen.getByText('11-20 de 57')).toBeInTheDocument();

    await user.type(search, 'ana');
    expect(onQuery).toHaveBeenCalledTimes(1);
    await user.keyboard('{Enter}');
    expect(onQuery).toHaveBeenLastCalledWith({ search: 'ana', sort: 3, page: 1, pageSize: 10 });
    expect(names()).toHaveLength(10);

    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Activo');
    expect(onQuery).toHaveBeenLastCalledWith({ search: 'ana', sort: 1, page: 1, pageSize: 10 });
    await user.selectOptions(screen.getByLabelText('Filas por página:'), '100');
    expect(onQuery).toHaveBeenLastCalledWith({ search: 'ana', sort: 1, page: 1, pageSize: 100 });
  });

  it("says 'más de N' when the server stopped counting", () => {
    renderWithHost(<ServerTable onQuery={jest.fn()} capped />);
    expect(screen.getByText('1-10 de más de 57')).toBeInTheDocument();
  });

  it("says the section's own text when there are no rows, and the kit's otherwise", () => {
    const table = (emptyLabel?: string) => (
      <DataTable<Person>
        label="Personas"
        columns={columns}
        rows={[]}
        total={0}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.name}
        emptyLabel={emptyLabel}
      />
    );
    const { unmount } = renderWithHost(table());
    expect(screen.getByRole('cell', { name: 'No se encontraron resultados' })).toBeInTheDocument();
    unmount();
    renderWithHost(table('No hay personas que coincidan.'));
    expect(screen.getByRole('cell', { name: 'No hay personas que coincidan.' })).toBeInTheDocument();
  });

  it('shows the loading state instead of the rows', () => {
    renderWithHost(<ServerTable onQuery={jest.fn()} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando usuarios…');
    expect(screen.queryByText('Persona 01')).not.toBeInTheDocument();
  });
});
