import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DataTable } from '../data-table/DataTable';
import { renderWithHost } from '../testHost';
import { TabbedCard, type TabbedCardProps } from './TabbedCard';

function Card({ beforeTabChange, rolesDisabled = false }: Pick<TabbedCardProps, 'beforeTabChange'> & { rolesDisabled?: boolean }) {
  const [tab, setTab] = useState('datos');
  const [editing, setEditing] = useState(false);
  return (
    <TabbedCard
      title="Usuarios"
      subheader={editing ? 'Editar usuario' : 'Detalles del usuario'}
      tabs={[
        { id: 'datos', label: 'Datos', content: <p>datos {editing ? 'editable' : 'read-only'}</p> },
        { id: 'empresas', label: 'empresas', content: <p>companies</p> },
        { id: 'roles', label: 'roles', content: <p>roles</p>, disabled: rolesDisabled },
      ]}
      activeTab={tab}
      onTabChange={setTab}
      beforeTabChange={beforeTabChange}
      editing={editing}
      onEditingChange={setEditing}
      actions={<button type="button">Actualizar</button>}
    />
  );
}

describe('TabbedCard', () => {
  it('moves with the next and back arrows and shows the open tab only', async () => {
    const user = userEvent.setup();
    renderWithHost(<Card />);
    expect(screen.getByRole('tab', { name: 'Datos' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Datos' })).toHaveTextContent('datos read-only');
    // no back arrow on the first tab, no next arrow on the last
    expect(screen.queryByRole('button', { name: 'Anterior' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByRole('tabpanel', { name: 'empresas' })).toHaveTextContent('companies');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByRole('tabpanel', { name: 'roles' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByRole('tab', { name: 'empresas' })).toHaveAttribute('aria-selected', 'true');
  });

  it('the pencil switches detail and edit mode', async () => {
    const user = userEvent.setup();
    renderWithHost(<Card />);
    expect(screen.getByText('Detalles del usuario')).toBeInTheDocument();
    const pencil = screen.getByRole('button', { name: 'Editar' });
    expect(pencil).toHaveAttribute('aria-pressed', 'false');
    await user.click(pencil);
    expect(screen.getByText('Editar usuario')).toBeInTheDocument();
    expect(screen.getByText('datos editable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dejar de editar' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keyboard: arrows move between tabs, Enter opens; one tab stop', async () => {
    const user = userEvent.setup();
    renderWithHost(<Card rolesDisabled />);
    await user.tab(); // the pencil
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Datos' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'empresas' })).toHaveFocus();
    await user.keyboard('{ArrowRight}'); // roles is disabled: wraps to Datos
    expect(screen.getByRole('tab', { name: 'Datos' })).toHaveFocus();
    await user.keyboard('{End}{Enter}');
    expect(screen.getByRole('tabpanel', { name: 'empresas' })).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('companies');
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toHaveLength(1);
  });

  it('asks beforeTabChange first and stays when it refuses', async () => {
    const user = userEvent.setup();
    const before = jest.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    renderWithHost(<Card beforeTabChange={before} />);
    await user.click(screen.getByRole('tab', { name: 'empresas' }));
    expect(before).toHaveBeenCalledWith('datos', 'empresas');
    expect(screen.getByRole('tab', { name: 'Datos' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('tabpanel', { name: 'empresas' })).toBeInTheDocument();
  });
});

it("a card holding a table: the arrows' names are not part of the pager's (search by text finds one)", () => {
  renderWithHost(
    <TabbedCard
      subheader="Editar usuario"
      tabs={[
        { id: 'a', label: 'Datos', content: <p>a</p> },
        { id: 'b', label: 'empresas', content: <DataTable label="Empresas" columns={[]} rows={[]} rowKey={String} rowLabel={String} /> },
        { id: 'c', label: 'roles', content: <p>c</p> },
      ]}
      activeTab="b"
      onTabChange={jest.fn()}
      editing
    />,
  );
  expect(screen.getAllByRole('button', { name: /siguiente/i })).toHaveLength(1);
  expect(screen.getAllByRole('button', { name: /anterior/i })).toHaveLength(1);
});
