import { consoleRemoteKit, type ApiRoutes } from '@suite/shared/testing';
import App from './App';
import { dateIn, nextDate, type ApplicationOption, type NotificationRecord, type NotificationTemplate } from '@suite/shared/console';

/** Test helpers of the notifications section: the console remote kit, and data as the API answers it. */

export { WRITTEN as written, callsTo, cleanUpDialogs, serve } from '@suite/shared/testing';
export const { renderAt } = consoleRemoteKit(App);

export const APPLICATIONS: ApplicationOption[] = [
  { id: 1, name: 'ibuhoo', title: 'Suite GSE', timeZone: 'America/Bogota' },
  { id: 2, name: 'firmaya', title: 'Firmaya', timeZone: 'America/Bogota' },
  { id: 3, name: 'license', title: 'License', timeZone: 'Europe/Madrid' },
];

/** A template with a variable of each type, offered for every application. */
export const MAINTENANCE: NotificationTemplate = {
  id: 'mantenimiento-programado',
  title: 'Mantenimiento programado',
  urlImage: '/api/Notifications/TemplateImage/mantenimiento-programado',
  variables: [
    { type: 'date', name: 'fecha', label: 'Fecha del mantenimiento' },
    {
      type: 'time',
      name: 'horaInicio',
      label: 'Hora de inicio',
      hour: { id: 'h', name: 'hora', maxLength: 2 },
      minutes: { id: 'm', name: 'minutos', maxLength: 2 },
      complement: 'Mostrar la zona horaria',
    },
    { type: 'text', name: 'detalle', label: 'Detalle del mantenimiento', multiline: true, rows: 4, maxLength: 30 },
    { type: 'check', name: 'interrupcion', label: 'El servicio no estará disponible.' },
  ],
};
/** Offered only for Firmaya. */
export const CERTIFICATE: NotificationTemplate = {
  id: 'vencimiento-certificado',
  title: 'Vencimiento de certificado',
  urlImage: '/api/Notifications/TemplateImage/vencimiento-certificado',
  variables: [{ type: 'text', name: 'instrucciones', label: 'Instrucciones', multiline: false, rows: 1, maxLength: 50 }],
};

export const SUBJECTS: Record<string, { id: number; name: string }[]> = {
  [MAINTENANCE.id]: [
    { id: 11, name: 'Mantenimiento programado de la plataforma' },
    { id: 12, name: 'Aviso de mantenimiento' },
  ],
  [CERTIFICATE.id]: [{ id: 21, name: 'Tu certificado está por vencer' }],
};

/** Today, tomorrow and the day after in Bogotá. */
export const TODAY = dateIn('America/Bogota', new Date());
export const TOMORROW = nextDate(TODAY);
export const LATER = nextDate(TOMORROW);

export const notification = (id: number, reason: string, overrides: Partial<NotificationRecord> = {}): NotificationRecord => ({
  id,
  reason,
  subjectId: 12,
  subjectName: 'Aviso de mantenimiento',
  templateId: MAINTENANCE.id,
  templateTitle: MAINTENANCE.title,
  applicationIds: [1],
  sharedApps: ['Suite GSE'],
  variables: JSON.stringify([
    { name: 'fecha', value: LATER },
    { name: 'horaInicio', value: { hour: 22, minutes: 30, complement: true } },
    { name: 'detalle', value: 'Actualización de servidores' },
    { name: 'interrupcion', value: true },
  ]),
  executionDate: TOMORROW,
  timeZone: 'America/Bogota',
  sendAt: '2030-01-01T04:59:00.000Z',
  idstate: 0,
  stateName: 'PENDIENTE',
  createdon: '2026-01-01T10:00:00Z',
  recipients: 0,
  sent: 0,
  failed: 0,
  ...overrides,
});

/** The editor's reference data: applications, templates by the `apps` header, subjects by `idTemplate`. */
export function editorRoutes(records: NotificationRecord[] = []): ApiRoutes {
  return {
    'GET /api/Notifications/List': [200, { records, count: records.length }],
    'GET /api/application/getApplicationsForAssignNotification': [200, { records: APPLICATIONS, count: APPLICATIONS.length }],
    'GET /api/ApplicationsTemplates/TemplatesByApps': (call) => {
      const apps = (call.headers.get('apps') ?? '').split(',').map(Number);
      const records = apps.every((id) => id === 2) ? [MAINTENANCE, CERTIFICATE] : [MAINTENANCE];
      return [200, { records, count: records.length }];
    },
    'GET /api/Subjects/SubjectsByTemplateId': (call) => {
      const records = SUBJECTS[call.headers.get('idTemplate') ?? ''] ?? [];
      return [200, { records, count: records.length }];
    },
  };
}
