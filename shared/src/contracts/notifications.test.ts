import * as v from 'valibot';
import { ACCESS_MESSAGES } from './access';
import {
  CreateNotificationRequestSchema,
  NOTIFICATION_MESSAGES,
  TemplatesByAppsHeadersSchema,
  dateIn,
  isCalendarDate,
  isTimeZone,
  latestSendDate,
  nextDate,
  notificationIssues,
  notificationSendAt,
  notificationTimeZone,
  SEND_YEARS_AHEAD,
  serializeVariables,
  type TemplateVariable,
} from './notifications';
import { VALIDATION_MESSAGES, formatMessage, maxMessage } from './validation';

describe('notification time zones', () => {
  it('sends at 23:59 of the date in the zone: Bogotá 23:59 is 04:59 UTC the next day', () => {
    expect(notificationSendAt('2026-03-10', 'America/Bogota').toISOString()).toBe('2026-03-11T04:59:00.000Z');
    expect(notificationSendAt('2026-12-31', 'America/Bogota').toISOString()).toBe('2027-01-01T04:59:00.000Z');
    expect(notificationSendAt('2026-07-01', 'UTC').toISOString()).toBe('2026-07-01T23:59:00.000Z');
    // across daylight saving: Madrid is UTC+1 in winter, UTC+2 in summer
    expect(notificationSendAt('2026-01-15', 'Europe/Madrid').toISOString()).toBe('2026-01-15T22:59:00.000Z');
    expect(notificationSendAt('2026-07-15', 'Europe/Madrid').toISOString()).toBe('2026-07-15T21:59:00.000Z');
    // east of Greenwich the instant falls on the same UTC day or earlier
    expect(notificationSendAt('2026-05-05', 'Asia/Tokyo').toISOString()).toBe('2026-05-05T14:59:00.000Z');
  });

  it("reads today's date on the zone's calendar", () => {
    const instant = new Date('2026-03-11T03:00:00Z');
    expect(dateIn('America/Bogota', instant)).toBe('2026-03-10');
    expect(dateIn('UTC', instant)).toBe('2026-03-11');
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
  });

  it('knows real zones and real days only', () => {
    expect(isTimeZone('America/Bogota')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('America/Bogota; drop table')).toBe(false);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('10/03/2026')).toBe(false);
  });

  it("takes the zone the applications share, else Colombia's", () => {
    expect(notificationTimeZone(['Europe/Madrid', 'Europe/Madrid'])).toBe('Europe/Madrid');
    expect(notificationTimeZone(['Europe/Madrid', 'America/Bogota'])).toBe('America/Bogota');
    expect(notificationTimeZone([])).toBe('America/Bogota');
  });
});

describe('notification rules', () => {
  const definitions: TemplateVariable[] = [
    { type: 'text', name: 'detalle', label: 'Detalle', multiline: true, rows: 3, maxLength: 10 },
    { type: 'date', name: 'fecha', label: 'Fecha' },
    {
      type: 'time',
      name: 'hora',
      label: 'Hora',
      hour: { id: 'h', name: 'Hora', maxLength: 2 },
      minutes: { id: 'm', name: 'Minutos', maxLength: 2 },
      complement: null,
    },
    { type: 'check', name: 'aviso', label: 'Aviso' },
  ];
  const today = '2026-03-10';
  const valid = [
    { name: 'detalle', value: 'Corto' },
    { name: 'fecha', value: '2026-03-11' },
    { name: 'hora', value: { hour: 23, minutes: 59, complement: false } },
    { name: 'aviso', value: true },
  ];
  const issues = (variables: unknown[], executionDate = today) =>
    notificationIssues({ executionDate, variables: variables as never }, definitions, today);
  const replace = (name: string, value: unknown) => valid.map((v) => (v.name === name ? { name, value } : v));

  it('accepts valid values', () => {
    expect(issues(valid)).toEqual([]);
  });

  it('lets a send be scheduled up to the same day five years ahead (28 February for a 29th)', () => {
    expect(latestSendDate('2026-03-10')).toBe('2031-03-10');
    expect(latestSendDate('2028-02-29')).toBe('2033-02-28');
  });

  it('refuses each broken rule with its message', () => {
    expect(issues(valid, '2026-03-09')).toEqual([{ path: 'executionDate', message: NOTIFICATION_MESSAGES.sendDateFromToday }]);
    const tooFar = [{ path: 'executionDate', message: formatMessage(NOTIFICATION_MESSAGES.sendDateTooFar, { years: SEND_YEARS_AHEAD }) }];
    expect(issues(valid, '9999-12-31')).toEqual(tooFar);
    expect(issues(valid, latestSendDate(today))).toEqual([]);
    expect(issues(valid, nextDate(latestSendDate(today)))).toEqual(tooFar);
    expect(issues(replace('detalle', ' '))).toEqual([{ path: 'variables.detalle', message: VALIDATION_MESSAGES.required }]);
    expect(issues(replace('detalle', 'x'.repeat(11)))).toEqual([{ path: 'variables.detalle', message: maxMessage(10) }]);
    expect(issues(replace('fecha', '2026-03-10'))).toEqual([{ path: 'variables.fecha', message: NOTIFICATION_MESSAGES.dateFromTomorrow }]);
    expect(issues(replace('fecha', '2026-02-30'))).toEqual([{ path: 'variables.fecha', message: NOTIFICATION_MESSAGES.dateInvalid }]);
    expect(issues(replace('hora', { hour: 24, minutes: 0 }))).toEqual([
      { path: 'variables.hora', message: NOTIFICATION_MESSAGES.hourRange },
    ]);
    expect(issues(replace('hora', { hour: 1, minutes: 60 }))).toEqual([
      { path: 'variables.hora', message: NOTIFICATION_MESSAGES.minutesRange },
    ]);
    expect(issues(valid.filter((v) => v.name !== 'fecha'))).toEqual([{ path: 'variables.fecha', message: VALIDATION_MESSAGES.required }]);
    expect(issues([...valid, { name: 'otra', value: 'x' }])).toEqual([
      { path: 'variables.otra', message: expect.stringContaining('otra') },
    ]);
  });

  it('parses the request: the serialised variables, the motive and the applications', () => {
    const body = {
      reason: 'Aviso',
      templateId: 'mantenimiento',
      subjectId: 1,
      applicationIds: [1, 2],
      variables: serializeVariables(valid as never),
      executionDate: today,
    };
    const parsed = v.safeParse(CreateNotificationRequestSchema, body);
    expect(parsed.success && parsed.output.variables).toEqual(
      valid.map((x) => (x.name === 'hora' ? { name: 'hora', value: { hour: 23, minutes: 59, complement: false } } : x)),
    );
    const message = (overrides: Record<string, unknown>) => {
      const result = v.safeParse(CreateNotificationRequestSchema, { ...body, ...overrides });
      return result.success ? undefined : result.issues[0].message;
    };
    expect(message({ reason: '' })).toBe(VALIDATION_MESSAGES.required);
    expect(message({ reason: 'r'.repeat(201) })).toBe(maxMessage(200));
    expect(message({ templateId: 't'.repeat(51) })).toBe(maxMessage(50));
    expect(message({ applicationIds: [] })).toBe(ACCESS_MESSAGES.applicationRequired);
    expect(message({ applicationIds: [1, 1] })).toBe(ACCESS_MESSAGES.applicationRepeated);
    expect(message({ variables: '{nope' })).toBe(NOTIFICATION_MESSAGES.variablesInvalid);
    expect(message({ executionDate: '2026-02-30' })).toBe(NOTIFICATION_MESSAGES.dateInvalid);
    expect(message({ timeZone: 'Mars/Olympus' })).toBe(NOTIFICATION_MESSAGES.timeZoneInvalid);
    expect(message({ subjectId: undefined })).toBe(VALIDATION_MESSAGES.required);
  });

  it('reads the apps header as distinct ids', () => {
    expect(v.parse(TemplatesByAppsHeadersSchema, { apps: '3, 5,3' })).toEqual({ apps: [3, 5] });
    expect(v.safeParse(TemplatesByAppsHeadersSchema, { apps: 'a,b' }).success).toBe(false);
    expect(v.safeParse(TemplatesByAppsHeadersSchema, { apps: '' }).success).toBe(false);
  });
});
