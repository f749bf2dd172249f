import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '@suite/shared';
import { APPLICATION_MESSAGES } from '@suite/shared/console';
import { application, callsTo, cleanUpDialogs, renderAt, serve, written } from '../../testServer';

afterEach(cleanUpDialogs);

const many = Array.from({ length: 12 }, (_, i) =>
  application(100 + i, `APP_${String(i).padStart(2, '0')}`, { modifiedOn: `2025-06-${String(i + 1).padStart(2, '0')}T10:00:00Z` }),
);
const console_ = application(1, 'ibuhoo', {
  title: 'Consola',
  urlApp: '/users',
  modifiedOn: '2026-02-03T10:00:00Z',
  amountTime: 8,
  timeUnit: 2,
  amountTimeComb: '8 Horas',
});
const payroll = application(2, 'nomina', { title: 'Nómina', idState: 1, modifiedOn: '2026-03-04T10:00:00Z' });

async function openList(records = [console_, payroll]) {
  const calls = serve({
    'GET /api/application/list': [200, { records, count: records.length }],
    'POST /api/application/modify': [200, written],
  });
  renderAt('/apps');
  const table = await screen.findByRole('table', { name: 'Aplicaciones' });
  await within(table).findAllByRole('switch');
  return { calls, table };
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const names = (table: HTMLElement) => bodyRows(table).map((row) => within(row).getAllByRole('cell')[0].textContent);

describe('applications list', () => {
  it('shows name, URL, token duration and state, active applications first', async () => {
    const { table } = await openList();
    expect(screen.getByRole('heading', { name: 'Aplicaciones' })).toBeInTheDocument();
    expect(
      within(within(table).getAllByRole('row')[0])
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nombre', 'URL', 'Duración del token', 'Estado']);
    expect(names(table)).toEqual(['ibuhoo', 'nomina']);
    const [consoleRow, payrollRow] = bodyRows(table);
    expect(within(consoleRow).getByText('/users')).toBeInTheDocument();
    expect(within(consoleRow).getByText('8 Horas')).toBeInTheDocument();
    expect(within(payrollRow).getByText('60 Minutos')).toBeInTheDocument();
    expect(within(consoleRow).getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    expect(within(payrollRow).getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  });

  it('searches, sorts and pages on the client', async () => {
    const user = userEvent.setup();
    const { calls, table } = await openList([...many, console_, payroll]);
    expect(bodyRows(table)).toHaveLength(10);
    // active first, newest first among them
    expect(names(table).slice(0, 2)).toEqual(['ibuhoo', 'APP_11']);

    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Inactivo');
    expect(names(table)[0]).toBe('nomina');
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Más reciente');
    expect(names(table).slice(0, 3)).toEqual(['nomina', 'ibuhoo', 'APP_11']);
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Más antiguo');
    expect(names(table).slice(0, 2)).toEqual(['APP_00', 'APP_01']);
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(names(table)).toEqual(['APP_10', 'APP_11', 'ibuhoo', 'nomina']);
    await user.selectOptions(screen.getByLabelText('Filas por página:'), '25');
    expect(bodyRows(table)).toHaveLength(14);

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), '8 horas');
    expect(names(table)).toEqual(['ibuhoo']);
    // searching is the table's: one read of the list
    expect(callsTo(calls, '/api/application/list')).toHaveLength(1);
  });

  it('asks before switching the state, re-sends the application with idState flipped, shows the documented message and reloads', async () => {
    const user = userEvent.setup();
    const { calls, table } = await openList();
    await user.click(within(bodyRows(table)[0]).getByRole('switch'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription(APPLICATION_MESSAGES.confirmInactivate);
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(APPLICATION_MESSAGES.updated)).toBeInTheDocument();
    expect(callsTo(calls, '/api/application/modify').map((call) => call.body)).toEqual([{ ...console_, idState: 1 }]);
    await waitFor(() => expect(callsTo(calls, '/api/application/list')).toHaveLength(2));
  });

  it('asks before activating; cancelling sends nothing', async () => {
    const user = userEvent.setup();
    const { calls, table } = await openList();
    await user.click(within(bodyRows(table)[1]).getByRole('switch'));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription(APPLICATION_MESSAGES.confirmActivate);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(callsTo(calls, '/api/application/modify')).toHaveLength(0);

    await user.click(within(bodyRows(table)[1]).getByRole('switch'));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(callsTo(calls, '/api/application/modify')).toHaveLength(1));
    expect(callsTo(calls, '/api/application/modify')[0].body).toEqual({ ...payroll, idState: 0 });
  });

  it('shows the token duration in the page language, from amount and unit', async () => {
    await act(() => changeLanguage('en'));
    try {
      serve({ 'GET /api/application/list': [200, { records: [console_, payroll], count: 2 }] });
      renderAt('/apps');
      const table = await screen.findByRole('table', { name: 'Applications' });
      await within(table).findAllByRole('switch');
      expect(within(bodyRows(table)[0]).getByText('8 Hours')).toBeInTheDocument();
      expect(within(bodyRows(table)[1]).getByText('60 Minutes')).toBeInTheDocument();
      expect(within(table).queryByText('8 Horas')).not.toBeInTheDocument();
      await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search' }), '8 hours');
      expect(names(table)).toEqual(['ibuhoo']);
    } finally {
      await act(() => changeLanguage('es'));
    }
  });

  it('shows a failed read in an alert', async () => {
    serve({ 'GET /api/application/list': [400, { information: 'La base de datos no está disponible.', informationCode: 'R400' }] });
    renderAt('/apps');
    expect(await screen.findByRole('alert')).toHaveTextContent('La base de datos no está disponible.');
  });
});
