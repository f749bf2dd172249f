import { expect, test, type Page } from '@playwright/test';
import { audit } from './accessibility';
import { acknowledge, dialog, signIn, type CapturedMail } from './support';

/**
 * E-mail notifications end to end (docs/product/notifications.md): the administrator creates a
 * notification with a variable of each type, previews the rendered e-mail, sends a test to the
 * development mailbox, edits it and deletes it; an executed one (the demo reminder sent a week
 * ago) cannot be opened for editing and shows its deliveries. axe checks the list and the editor.
 */
const REASON = 'E2E ventana de mantenimiento';

// one journey over the list, the editor and the mailbox, each screen audited by axe
test.describe.configure({ timeout: 180_000 });

/** 'YYYY-MM-DD' in Bogotá (the console application's zone), `days` after today. */
function bogotaDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

async function checkAxe(page: Page, name: string): Promise<void> {
  expect((await audit(page, '#main')).serious, name).toEqual([]);
}

async function fillTime(page: Page, label: string, hour: string, minutes: string): Promise<void> {
  await page.getByLabel(`${label}: Hora`, { exact: true }).fill(hour);
  await page.getByLabel(`${label}: Minutos`, { exact: true }).fill(minutes);
}

test('the administrator schedules, previews, tests, edits and deletes a notification; an executed one stays read-only', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Notificaciones de correo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones de correo' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Notificaciones de correo' });

  // the executed demo reminder: the documented message instead of the editor, and its deliveries
  const executed = table.getByRole('row').filter({ hasText: 'Ejecutada' }).first();
  await expect(executed).toBeVisible();
  await checkAxe(page, 'list');
  await executed.getByRole('cell').first().click();
  await acknowledge(page, 'La notificación ya fue ejecutada, no se puede modificar');
  await expect(page).toHaveURL(/\/notifications$/);
  await executed.getByRole('button', { name: /^Ver entregas de / }).click();
  await expect(page).toHaveURL(/\/notifications\/\d+\/deliveries$/);
  await expect(
    page.getByRole('table', { name: 'Entregas de la notificación' }).getByRole('row').filter({ hasText: 'Enviado' }).first(),
  ).toBeVisible();
  // opened by its address it is still not editable
  await page.goto(page.url().replace(/\/deliveries$/, ''));
  await expect(page.getByRole('alert')).toContainText('La notificación ya fue ejecutada, no se puede modificar');
  await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Volver a notificaciones' }).click();

  // a new notification with a variable of each type
  await page.getByRole('button', { name: 'Crear notificación' }).click();
  await expect(page.getByRole('heading', { name: 'Nueva notificación' })).toBeVisible();
  await page.getByLabel(/^Motivo/).fill(REASON);
  await page.getByRole('checkbox', { name: 'Suite GSE' }).check();
  const template = page.getByLabel(/^Plantilla/);
  await expect(template.getByRole('option', { name: 'Mantenimiento programado' })).toBeAttached();
  await template.selectOption({ label: 'Mantenimiento programado' });
  const subject = page.getByLabel(/^Asunto/);
  await expect(subject.getByRole('option', { name: 'Aviso de mantenimiento' })).toBeAttached();
  await subject.selectOption({ label: 'Aviso de mantenimiento' });
  await expect(page.getByRole('img', { name: 'Imagen de la plantilla: Mantenimiento programado' })).toBeVisible();
  await page.getByLabel('Fecha del mantenimiento').fill(bogotaDate(3));
  await fillTime(page, 'Hora de inicio', '22', '00');
  await page.getByRole('group', { name: 'Hora de inicio' }).getByRole('checkbox', { name: 'Mostrar la zona horaria' }).check();
  await fillTime(page, 'Hora de finalización', '23', '30');
  await page.getByLabel(/^Detalle del mantenimiento/).fill('Cambio de servidores <b>sin</b> pérdida de datos.');
  await page.getByRole('checkbox', { name: 'Durante el mantenimiento el servicio no estará disponible.' }).check();
  await page.getByLabel('Fecha de envío').fill(bogotaDate(1));
  await expect(page.getByText(/America\/Bogota\), es decir .* UTC\./)).toBeVisible();
  await checkAxe(page, 'editor');

  // the rendered e-mail, sandboxed, with the HTML of a variable shown as text
  await page.getByRole('button', { name: 'Vista previa' }).click();
  const frame = page.getByTitle('Vista previa del correo');
  await expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
  await expect(
    page.frameLocator('iframe[title="Vista previa del correo"]').getByText('Cambio de servidores <b>sin</b> pérdida de datos.'),
  ).toBeVisible();

  // a test to oneself, in the development mailbox
  const since = Date.now();
  await page.getByRole('button', { name: 'Enviarme una prueba' }).click();
  await acknowledge(page, /Se envió un correo de prueba a admin@suite\.test/);
  await expect
    .poll(async () => {
      const list = (await (await page.request.get('/dev/mail.json')).json()) as CapturedMail[] | { messages?: CapturedMail[] };
      const mails = Array.isArray(list) ? list : (list.messages ?? []);
      return mails.some(
        (m) =>
          [m.to].flat().join(',').includes('admin@suite.test') &&
          /Aviso de mantenimiento/.test(m.subject) &&
          new Date(m.createdAt).getTime() >= since - 2_000,
      );
    })
    .toBe(true);

  await page.getByRole('button', { name: 'Simular destinatarios' }).click();
  await expect(page.getByText(/destinatarios? recibiría/)).toBeVisible();

  await page.getByRole('button', { name: 'Guardar' }).click();
  await acknowledge(page, 'La notificación fue creada con éxito');
  await expect(page).toHaveURL(/\/notifications$/);

  // edit: detail first, Editar, Actualizar
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(REASON);
  const row = table.getByRole('row').filter({ hasText: REASON });
  await expect(row).toContainText('Pendiente');
  await row.getByRole('cell').first().click();
  await expect(page.getByRole('heading', { name: 'Detalle de la notificación' })).toBeVisible();
  await expect(page.getByLabel(/^Motivo/)).toBeDisabled();
  await page.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Edición de la notificación' })).toBeVisible();
  await page.getByLabel(/^Motivo/).fill(`${REASON} (editada)`);
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await acknowledge(page, 'La notificación ha sido actualizada');
  await expect(page.getByRole('heading', { name: 'Detalle de la notificación' })).toBeVisible();
  await page.getByRole('button', { name: 'Volver a notificaciones' }).click();

  // delete: the icon shows on hover, asks first
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(REASON);
  const edited = table.getByRole('row').filter({ hasText: `${REASON} (editada)` });
  await edited.hover();
  await edited.getByRole('button', { name: /^Eliminar/ }).click();
  const question = dialog(page, 'Desea eliminar esta notificación?');
  await question.getByRole('button', { name: 'Aceptar' }).click();
  await acknowledge(page, 'La notificación fue eliminada');
  await expect(table.getByRole('row').filter({ hasText: REASON })).toHaveCount(0);
});
