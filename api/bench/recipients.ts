/**
 * The notification the benches send: `count` recipients (active users holding a role in an
 * application of their own, offered the maintenance template) and a notification to them for
 * tomorrow in Bogotá. Returns its id and the instant it falls due.
 */
import { sql, type Kysely } from 'kysely';
import { dateIn, nextDate, notificationSendAt } from '@suite/shared/contracts';
import type { DB } from '../src/db/schema';
import { createNotification } from '../src/modules/notifications/service';

export const TEMPLATE = 'mantenimiento-programado';
const TIME_ZONE = 'America/Bogota';

export async function notificationToRecipients(
  db: Kysely<DB>,
  { application, count, reason }: { application: string; count: number; reason: string },
): Promise<{ id: number; due: Date }> {
  const app = await db.insertInto('applications').values({ name: application, title: reason }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('notification_template_applications').values({ template_id: TEMPLATE, application_id: app.id }).execute();
  const role = await db
    .insertInto('roles')
    .values({ name: `Destinatarios ${application}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('role_applications').values({ role_id: role.id, application_id: app.id }).execute();
  await sql`
    with inserted as (
      insert into users (user_name, email, names, surnames)
      select 'dest' || g, 'dest' || g || '@sink.bench', 'Destinatario', g::text from generate_series(1, ${count}::int) g
      returning id)
    insert into user_roles (user_id, role_id, application_id) select id, ${role.id}::int, ${app.id}::int from inserted`.execute(db);
  const date = nextDate(dateIn(TIME_ZONE, new Date()));
  const subject = await db
    .selectFrom('notification_subjects')
    .select('id')
    .where('template_id', '=', TEMPLATE)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const { id } = await createNotification(
    db,
    undefined,
    {
      reason,
      templateId: TEMPLATE,
      subjectId: subject.id,
      applicationIds: [app.id],
      executionDate: date,
      timeZone: undefined,
      variables: [
        { name: 'fecha', value: nextDate(date) },
        { name: 'horaInicio', value: { hour: 22, minutes: 0, complement: true } },
        { name: 'horaFin', value: { hour: 23, minutes: 30, complement: false } },
        { name: 'detalle', value: 'Actualización <programada> de la base de datos.' },
        { name: 'interrupcion', value: true },
      ],
    },
    new Date(),
  );
  return { id, due: new Date(notificationSendAt(date, TIME_ZONE).getTime() + 1000) };
}
