import { sql, type Transaction } from 'kysely';
import { DEFAULT_TIME_ZONE, FALLBACK_APP, NOTIFICATION_STATE, dateIn, nextDate, notificationSendAt } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';
import { writeDeliveries } from './deliveries';
import { insertNotification } from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEMO_TEMPLATE = 'recordatorio-politica-contrasenas';

/**
 * Demo data (outside production): a password-policy reminder to the console's users, sent a week
 * ago, so the list shows an executed notification with its counts and each recipient's delivery.
 */
export async function seedDemoNotifications(trx: Transaction<DB>, now: Date): Promise<void> {
  const app = await trx.selectFrom('applications').select('id').where(sql<string>`lower(name)`, '=', FALLBACK_APP).executeTakeFirst();
  const subject = await trx
    .selectFrom('notification_subjects')
    .select('id')
    .where('template_id', '=', DEMO_TEMPLATE)
    .orderBy('id')
    .executeTakeFirst();
  if (!app || !subject) return;
  const executionDate = dateIn(DEFAULT_TIME_ZONE, new Date(now.getTime() - 7 * DAY_MS));
  const sendAt = notificationSendAt(executionDate, DEFAULT_TIME_ZONE);
  const id = await insertNotification(
    trx,
    {
      reason: 'Recordatorio trimestral de la política de contraseñas',
      template_id: DEMO_TEMPLATE,
      subject_id: subject.id,
      variables: [
        { name: 'diasVigencia', value: '90' },
        { name: 'fechaLimite', value: nextDate(nextDate(executionDate)) },
        { name: 'recomendacion', value: 'Usa una frase larga que no uses en otros servicios.' },
      ],
      execution_date: executionDate,
      time_zone: DEFAULT_TIME_ZONE,
      send_at: sendAt,
    },
    [app.id],
    null,
  );
  await writeDeliveries(trx, id, sendAt, 'suite.localhost');
  await trx
    .updateTable('notification_deliveries')
    .set({ status: 'sent', attempts: 1, sent_at: new Date(sendAt.getTime() + 2_000) })
    .where('notification_id', '=', id)
    .execute();
  await trx
    .updateTable('notifications')
    .set({
      idstate: NOTIFICATION_STATE.executed,
      planned_at: sendAt,
      executed_at: new Date(sendAt.getTime() + 60_000),
      created_on: new Date(sendAt.getTime() - 3 * DAY_MS),
    })
    .where('id', '=', id)
    .execute();
}
