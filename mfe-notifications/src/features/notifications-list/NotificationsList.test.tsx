import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '@suite/shared';
import { NOTIFICATION_MESSAGES } from '@suite/shared/console';
import { callsTo, cleanUpDialogs, editorRoutes, notification, renderAt, serve } from '../../testServer';

afterEach(cleanUpDialogs);

const pending = notification(1, 'Mantenimiento de marzo', {
  sharedApps: ['Firmaya', 'License', 'Suite GSE'],
  applicationIds: [1, 2, 3],
  createdon: '2026-03-01T10:00:00Z',
});
const executed = notification(2, 'Política de contraseñas', {
  idstate: 1,
  stateName: 'EJECUTADA',
  subjectName: 'Nueva política de contraseñas',
  createdon: '2026-02-01T10:00:00Z',
  recipients: 40,
  sent: 38,
  failed: 2,
});
const older = notification(3, 'Aviso antiguo', { createdon: '2025-12-01T10:00:00Z' });

async function openList(records = [pending, executed, older]) {
  const calls = serve({
    ...editorRoutes(records),
    'POST /api/Notifications/Delete': [200, { information: NOTIFICATION_MESSAGES.deleted, informationCode: 'A10', id: 1 }],
  });
  renderAt('/notifications');
  const table = await screen.findByRole('table', { name: 'Notificaciones de correo' });
  await within(table).findByText('Mantenimiento de marzo');
  return { calls, table };
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const reasons = (table: HTMLElement) => bodyRows(table).map((row) => within(row).getAllByRole('cell')[0].textContent);

describe('notifications list', () => {
  it('shows motive, subject, the first two applications, execution date, state and the counts', async () => {
    const { table } = await openList();
    expect(screen.getByRole('heading', { level: 1, name: 'Notificaciones de correo' })).toBeInTheDocument();
    expect(
      within(within(table).getAllByRole('row')[0])
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Motivo',
      'Asunto del correo',
      'Aplicación',
      'Fecha de ejecución',
      'Estado',
      'Enviados',
      'Fallidos',
      'Entregas',
      'Acciones',
    ]);
    const [first, second] = bodyRows(table);
    expect(within(first).getByTitle('Firmaya, License, Suite GSE')).toHaveTextContent('Firmaya, License, …');
    expect(within(first).getByText('Aplicaciones: Firmaya, License, Suite GSE')).toBeInTheDocument();
    expect(within(first).getByText('Pendiente')).toBeInTheDocument();
    expect(within(second).getByText('Ejecutada')).toBeInTheDocument();
    expect(within(second).getByText('38')).toBeInTheDocument();
    // the send time in the notification's zone and in UTC on the date
    expect(within(first).getByTitle(/\(America\/Bogota\) · 2030-01-01 04:59 UTC$/)).toBeInTheDocument();
    // delete only for pending rows
    expect(within(first).getByRole('button', { name: /Eliminar/ })).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear notificación' })).toBeInTheDocument();
  });

  it('sorts by Pendiente, Ejecutada, Más reciente and Más antiguo, and searches', async () => {
    const user = userEvent.setup();
    const { table } = await openList();
    expect(reasons(table)).toEqual(['Mantenimiento de marzo', 'Política de contraseñas', 'Aviso antiguo']);
    const sort = screen.getByLabelText('Ordenar por');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Pendiente', 'Ejecutada', 'Más reciente', 'Más antiguo']);
    await user.selectOptions(sort, 'Ejecutada');
    expect(reasons(table)[0]).toBe('Política de contraseñas');
    await user.selectOptions(sort, 'Pendiente');
    expect(reasons(table)).toEqual(['Mantenimiento de marzo', 'Aviso antiguo', 'Política de contraseñas']);
    await user.selectOptions(sort, 'Más antiguo');
    expect(reasons(table)[0]).toBe('Aviso antiguo');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'license');
    expect(reasons(table)).toEqual(['Mantenimiento de marzo']);
  });

  it('opens a pending row in the editor; an executed one shows the documented message and stays', async () => {
    const user = userEvent.setup();
    const { table } = await openList();
    await user.click(within(bodyRows(table)[1]).getByText('Política de contraseñas'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(NOTIFICATION_MESSAGES.executedReadOnly);
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByLabelText('location')).toHaveTextContent(/^\/notifications$/);
    // by keyboard: Enter on the focused row
    bodyRows(table)[0].focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent(/^\/notifications\/1$/));
  });

  it('asks before deleting a pending notification, deletes it and reads the list again', async () => {
    const user = userEvent.setup();
    const { calls, table } = await openList();
    await user.click(within(bodyRows(table)[0]).getByRole('button', { name: /Eliminar/ }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription(NOTIFICATION_MESSAGES.confirmDelete);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(callsTo(calls, '/api/Notifications/Delete')).toHaveLength(0);
    await user.click(within(bodyRows(table)[0]).getByRole('button', { name: /Eliminar/ }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.deleted)).toBeInTheDocument();
    expect(callsTo(calls, '/api/Notifications/Delete').map((call) => call.body)).toEqual([{ id: 1 }]);
    await waitFor(() => expect(callsTo(calls, '/api/Notifications/List')).toHaveLength(2));
  });

  it("opens a notification's deliveries from its row, read-only", async () => {
    const user = userEvent.setup();
    serve({
      ...editorRoutes([executed]),
      'GET /api/Notifications/Deliveries': [
        200,
        {
          records: [
            {
              email: 'ana@suite.test',
              names: 'Ana Ruiz',
              status: 'failed',
              attempts: 5,
              sentAt: null,
              nextAttemptAt: '2026-02-02T05:00:00Z',
              lastError: '550 mailbox unavailable',
            },
            {
              email: 'luis@suite.test',
              names: 'Luis Mora',
              status: 'sent',
              attempts: 1,
              sentAt: '2026-02-02T04:59:10Z',
              nextAttemptAt: '2026-02-02T04:59:00Z',
              lastError: null,
            },
          ],
          count: 2,
        },
      ],
    });
    renderAt('/notifications');
    await user.click(await screen.findByRole('button', { name: 'Ver entregas de Política de contraseñas' }));
    const deliveries = await screen.findByRole('table', { name: 'Entregas de la notificación' });
    expect(screen.getByLabelText('location')).toHaveTextContent(/^\/notifications\/2\/deliveries$/);
    expect(within(deliveries).getByText('550 mailbox unavailable')).toBeInTheDocument();
    expect(within(deliveries).getByText('Fallido')).toBeInTheDocument();
    expect(within(deliveries).getByText('Enviado')).toBeInTheDocument();
    expect(screen.getByText(/40 destinatarios · 38 enviados · 2 fallidos/)).toBeInTheDocument();
    expect(within(deliveries).queryByRole('button')).not.toBeInTheDocument();
  });

  it('speaks the page language', async () => {
    await act(() => changeLanguage('en'));
    try {
      serve(editorRoutes([pending]));
      renderAt('/notifications');
      const table = await screen.findByRole('table', { name: 'E-mail notifications' });
      expect(await within(table).findByText('Pending')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Create notification' })).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('es'));
    }
  });

  it('shows a failed read in an alert', async () => {
    serve({ 'GET /api/Notifications/List': [400, { information: 'La base de datos no está disponible.', informationCode: 'R400' }] });
    renderAt('/notifications');
    expect(await screen.findByRole('alert')).toHaveTextContent('La base de datos no está disponible.');
  });
});
