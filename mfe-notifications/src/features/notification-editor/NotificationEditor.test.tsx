import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CERTIFICATE,
  LATER,
  MAINTENANCE,
  TODAY,
  TOMORROW,
  callsTo,
  cleanUpDialogs,
  editorRoutes,
  notification,
  renderAt,
  serve,
} from '../../testServer';
import { ACCESS_MESSAGES, NOTIFICATION_MESSAGES, VALIDATION_MESSAGES, notificationSendAt } from '@suite/shared/console';

afterEach(cleanUpDialogs);

const stored = notification(1, 'Mantenimiento de marzo');
const executed = notification(2, 'Ya enviada', { idstate: 1, stateName: 'EJECUTADA' });
const written = (information: string) => [200, { information, informationCode: 'A10', id: 1 }] as [number, unknown];

/** A field by its label (a required one's label ends in its '*'). */
const field = (name: string) =>
  screen.getByLabelText(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`), { selector: 'input, select, textarea' });
const location = () => screen.getByLabelText('location');

describe('notification editor', () => {
  it('creates a notification with a variable of each type, refusing to save while the contract finds errors', async () => {
    const user = userEvent.setup();
    const calls = serve({ ...editorRoutes(), 'POST /api/Notifications/Create': written(NOTIFICATION_MESSAGES.created) });
    renderAt('/notifications/new');
    expect(await screen.findByRole('heading', { name: NOTIFICATION_MESSAGES.newTitle })).toBeInTheDocument();
    await screen.findByRole('checkbox', { name: 'Suite GSE' });
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findAllByText(VALIDATION_MESSAGES.required)).not.toHaveLength(0);
    expect(callsTo(calls, '/api/Notifications/Create')).toHaveLength(0);

    await user.type(field('Motivo'), 'Ventana de marzo');
    await user.click(screen.getByRole('checkbox', { name: 'Suite GSE' }));
    await waitFor(() => expect(within(field('Plantilla')).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(field('Plantilla'), MAINTENANCE.title);
    expect(field('Nombre de la plantilla')).toHaveValue(MAINTENANCE.title);
    expect(screen.getByRole('img', { name: `Imagen de la plantilla: ${MAINTENANCE.title}` })).toHaveAttribute('src', MAINTENANCE.urlImage);
    await waitFor(() => expect(within(field('Asunto')).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(field('Asunto'), 'Aviso de mantenimiento');
    // date variables start tomorrow, the send date today, in the notification's zone
    expect(field('Fecha del mantenimiento')).toHaveAttribute('min', TOMORROW);
    expect(field('Fecha de envío')).toHaveAttribute('min', TODAY);
    fireEvent.change(field('Fecha del mantenimiento'), { target: { value: TODAY } });
    expect(await screen.findByText(NOTIFICATION_MESSAGES.dateFromTomorrow)).toBeInTheDocument();
    fireEvent.change(field('Fecha del mantenimiento'), { target: { value: LATER } });
    await user.type(screen.getByLabelText('Hora de inicio: Hora'), '27');
    expect(screen.getByLabelText('Hora de inicio: Hora')).toHaveValue('23');
    await user.type(screen.getByLabelText('Hora de inicio: Minutos'), '5');
    await user.click(screen.getByRole('checkbox', { name: 'Mostrar la zona horaria' }));
    await user.type(field('Detalle del mantenimiento'), 'Servidores <b>nuevos</b>');
    await user.click(screen.getByRole('checkbox', { name: 'El servicio no estará disponible.' }));
    fireEvent.change(field('Fecha de envío'), { target: { value: TODAY } });
    // the send time in the notification's zone and in UTC
    const sendAt = notificationSendAt(TODAY, 'America/Bogota');
    expect(
      screen.getByText(new RegExp(`America/Bogota\\), es decir ${sendAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`)),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.created)).toBeInTheDocument();
    expect(callsTo(calls, '/api/Notifications/Create').map((call) => call.body)).toEqual([
      {
        reason: 'Ventana de marzo',
        applicationIds: [1],
        templateId: MAINTENANCE.id,
        subjectId: 12,
        variables: JSON.stringify([
          { name: 'fecha', value: LATER },
          { name: 'horaInicio', value: { hour: 23, minutes: 5, complement: true } },
          { name: 'detalle', value: 'Servidores <b>nuevos</b>' },
          { name: 'interrupcion', value: true },
        ]),
        executionDate: TODAY,
      },
    ]);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/notifications$/));
  });

  it('reloads the templates when the applications change, warns when the chosen one is gone and clears it only on confirmation', async () => {
    const user = userEvent.setup();
    serve(editorRoutes());
    renderAt('/notifications/new');
    await user.click(await screen.findByRole('checkbox', { name: 'Firmaya' }));
    await waitFor(() => expect(within(field('Plantilla')).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(field('Plantilla'), CERTIFICATE.title);
    await waitFor(() => expect(within(field('Asunto')).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(field('Asunto'), 'Tu certificado está por vencer');

    await user.click(screen.getByRole('checkbox', { name: 'Suite GSE' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('La plantilla elegida no está disponible para las aplicaciones seleccionadas.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('checkbox', { name: 'Suite GSE' })).not.toBeChecked();
    expect(field('Plantilla')).toHaveValue(CERTIFICATE.id);

    await user.click(screen.getByRole('checkbox', { name: 'Suite GSE' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Suite GSE' })).toBeChecked());
    expect(field('Plantilla')).toHaveValue('');
    expect(field('Asunto')).toHaveValue('');
    expect(field('Nombre de la plantilla')).toHaveValue('');
    // a template offered for both keeps without a question
    await user.selectOptions(field('Plantilla'), MAINTENANCE.title);
    await user.click(screen.getByRole('checkbox', { name: 'Firmaya' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(field('Plantilla')).toHaveValue(MAINTENANCE.id);
  });

  it('opens a pending notification in detail; Editar enables it, Cancelar restores it, Actualizar saves it', async () => {
    const user = userEvent.setup();
    const calls = serve({ ...editorRoutes([stored]), 'POST /api/Notifications/Modify': written(NOTIFICATION_MESSAGES.updated) });
    renderAt('/notifications/1');
    expect(await screen.findByRole('heading', { name: NOTIFICATION_MESSAGES.detailTitle })).toBeInTheDocument();
    await waitFor(() => expect(field('Nombre de la plantilla')).toHaveValue(MAINTENANCE.title));
    expect(field('Motivo')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Suite GSE' })).toBeDisabled();
    expect(screen.getByLabelText('Hora de inicio: Hora')).toHaveValue('22');
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Editar' }));
    expect(screen.getByRole('heading', { name: NOTIFICATION_MESSAGES.editTitle })).toBeInTheDocument();
    await user.clear(field('Motivo'));
    await user.type(field('Motivo'), 'Otro motivo');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(field('Motivo')).toHaveValue('Mantenimiento de marzo');
    expect(field('Motivo')).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.clear(field('Motivo'));
    await user.type(field('Motivo'), 'Mantenimiento de abril');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.updated)).toBeInTheDocument();
    expect(callsTo(calls, '/api/Notifications/Modify').map((call) => call.body)).toEqual([
      expect.objectContaining({
        id: 1,
        reason: 'Mantenimiento de abril',
        applicationIds: [1],
        templateId: MAINTENANCE.id,
        subjectId: 12,
        executionDate: TOMORROW,
      }),
    ]);
    await waitFor(() => expect(callsTo(calls, '/api/Notifications/List')).toHaveLength(2));
  });

  it('asks before leaving with changes', async () => {
    const user = userEvent.setup();
    serve(editorRoutes([stored]));
    renderAt('/notifications/1');
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(field('Motivo')).toHaveValue('Mantenimiento de marzo'));
    await user.type(field('Motivo'), '!');
    await user.click(screen.getByRole('button', { name: 'Volver a notificaciones' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription(ACCESS_MESSAGES.unsavedChanges);
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/notifications$/));
  });

  it('previews the e-mail in a sandboxed frame, sends a test to oneself and counts the recipients', async () => {
    const user = userEvent.setup();
    const calls = serve({
      ...editorRoutes([stored]),
      'POST /api/Notifications/Preview': [
        200,
        {
          subject: 'Aviso de mantenimiento',
          html: '<p style="color: red">Hola <b>Admin</b></p>',
          text: 'Hola Admin',
          timeZone: 'America/Bogota',
          sendAt: '2030-01-02T04:59:00.000Z',
          sendAtLocal: 'miércoles 1 de enero de 2030, 23:59 (GMT-5)',
        },
      ],
      'POST /api/Notifications/SendTest': [
        200,
        { information: 'Se envió un correo de prueba a admin@suite.test', informationCode: 'A10', email: 'admin@suite.test' },
      ],
      'POST /api/Notifications/DryRun': [200, { count: 3, sample: [{ email: 'ana@suite.test', names: 'Ana Ruiz' }] }],
    });
    renderAt('/notifications/1');
    await waitFor(() => expect(field('Nombre de la plantilla')).toHaveValue(MAINTENANCE.title));
    await user.click(screen.getByRole('button', { name: 'Vista previa' }));
    const frame = await screen.findByTitle('Vista previa del correo');
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
    // the style attributes are held aside: the console's CSP would refuse them in the frame
    expect(frame.getAttribute('srcdoc')).toContain('<p data-held-style="color: red">Hola <b>Admin</b></p>');
    expect(screen.getByText('Asunto: Aviso de mantenimiento')).toBeInTheDocument();
    // the send time in the page's language, not the API's Spanish wording of the e-mail
    expect(screen.getByText('01/01/2030, 23:59 GMT-5 (America/Bogota) · 2030-01-02 04:59 UTC')).toBeInTheDocument();
    expect(screen.queryByText(/miércoles/)).toBeNull();
    expect(callsTo(calls, '/api/Notifications/Preview')[0].body).toMatchObject({
      reason: 'Mantenimiento de marzo',
      templateId: MAINTENANCE.id,
    });

    await user.click(screen.getByRole('button', { name: 'Enviarme una prueba' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Se envió un correo de prueba a admin@suite.test');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));

    await user.click(screen.getByRole('button', { name: 'Simular destinatarios' }));
    expect(await screen.findByText('3 destinatarios recibirían este correo hoy.')).toBeInTheDocument();
    expect(screen.getByText(/ana@suite.test/)).toBeInTheDocument();
    expect(callsTo(calls, '/api/Notifications/DryRun')[0].body).toEqual({ applicationIds: [1] });
  });

  it('shows an executed notification as not modifiable, with no form', async () => {
    serve(editorRoutes([executed]));
    renderAt('/notifications/2');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTIFICATION_MESSAGES.executedReadOnly);
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
  });
});
