import { APPLICATIONS, CERTIFICATE, MAINTENANCE, notification } from '../../testServer';
import {
  EMPTY_FORM,
  editorErrors,
  editorTimeZone,
  formToBody,
  minimumDates,
  recordToForm,
  sameForm,
  templateOffered,
  toggledApplications,
  typedHour,
  typedMinutes,
  valuesFor,
  withoutTemplate,
  type EditorForm,
} from './editorForm';
import { NOTIFICATION_MESSAGES, VALIDATION_MESSAGES, maxMessage, nextDate } from '@suite/shared/console';

const TODAY = '2026-03-10';
const filled: EditorForm = {
  reason: ' Ventana de marzo ',
  applicationIds: [1, 2],
  templateId: MAINTENANCE.id,
  subjectId: 11,
  values: { fecha: '2026-03-12', horaInicio: { hour: '22', minutes: '5', complement: true }, detalle: 'Servidores', interrupcion: true },
  executionDate: TODAY,
};

describe('notification editor form', () => {
  it('sends the variables serialised in the template order, hours and minutes as numbers', () => {
    expect(formToBody(filled, MAINTENANCE)).toEqual({
      reason: ' Ventana de marzo ',
      applicationIds: [1, 2],
      templateId: MAINTENANCE.id,
      subjectId: 11,
      variables: JSON.stringify([
        { name: 'fecha', value: '2026-03-12' },
        { name: 'horaInicio', value: { hour: 22, minutes: 5, complement: true } },
        { name: 'detalle', value: 'Servidores' },
        { name: 'interrupcion', value: true },
      ]),
      executionDate: TODAY,
    });
    expect(editorErrors(filled, MAINTENANCE, TODAY)).toEqual({});
  });

  it("finds the contract's errors: required fields, motive max 200, date from tomorrow, send date from today, text within its maxLength", () => {
    expect(editorErrors(EMPTY_FORM, undefined, TODAY)).toEqual({
      reason: VALIDATION_MESSAGES.required,
      applicationIds: expect.any(String),
      templateId: VALIDATION_MESSAGES.required,
      subjectId: VALIDATION_MESSAGES.required,
      executionDate: VALIDATION_MESSAGES.required,
    });
    const wrong: EditorForm = {
      ...filled,
      reason: 'x'.repeat(201),
      executionDate: '2026-03-09',
      values: { fecha: TODAY, horaInicio: { hour: '', minutes: '5', complement: false }, detalle: 'y'.repeat(31), interrupcion: false },
    };
    expect(editorErrors(wrong, MAINTENANCE, TODAY)).toEqual({
      reason: maxMessage(200),
      executionDate: NOTIFICATION_MESSAGES.sendDateFromToday,
      'variables.fecha': NOTIFICATION_MESSAGES.dateFromTomorrow,
      'variables.horaInicio': VALIDATION_MESSAGES.required,
      'variables.detalle': maxMessage(30),
    });
    expect(editorErrors({ ...filled, values: { ...filled.values, fecha: '' } }, MAINTENANCE, TODAY)).toEqual({
      'variables.fecha': VALIDATION_MESSAGES.required,
    });
  });

  it('types hour and minutes as digits clamped to 0-23 and 0-59', () => {
    expect(typedHour('7')).toBe('7');
    expect(typedHour('31')).toBe('23');
    expect(typedHour('1a2')).toBe('12');
    expect(typedHour('')).toBe('');
    expect(typedMinutes('75')).toBe('59');
    expect(typedMinutes('059')).toBe('05');
    expect(typedMinutes('00')).toBe('00');
  });

  it('reads a stored notification back into the form, and compares forms trimmed and in id order', () => {
    const form = recordToForm(notification(4, 'Corte', { applicationIds: [3, 1] }));
    expect(form.applicationIds).toEqual([1, 3]);
    expect(form.values.horaInicio).toEqual({ hour: '22', minutes: '30', complement: true });
    expect(sameForm(form, { ...form, reason: ' Corte ', applicationIds: [3, 1] })).toBe(true);
    expect(sameForm(form, { ...form, subjectId: 11 })).toBe(false);
  });

  it('keeps the values a new template shares by name and type, empty for the rest', () => {
    expect(valuesFor(CERTIFICATE, { instrucciones: 'Renueva', fecha: TODAY })).toEqual({ instrucciones: 'Renueva' });
    expect(valuesFor(MAINTENANCE, { detalle: true })).toEqual({
      fecha: '',
      horaInicio: { hour: '', minutes: '', complement: false },
      detalle: '',
      interrupcion: false,
    });
  });

  it("takes the zone the applications share, else Colombia's, and the first days from it", () => {
    expect(editorTimeZone([3], APPLICATIONS)).toBe('Europe/Madrid');
    expect(editorTimeZone([1, 3], APPLICATIONS)).toBe('America/Bogota');
    // 02:00 UTC on the 11th is still the 10th in Bogotá, already the 11th in Madrid
    const now = new Date('2026-03-11T02:00:00Z');
    expect(minimumDates('America/Bogota', now)).toEqual({ sendDate: '2026-03-10', dateVariable: '2026-03-11' });
    expect(minimumDates('Europe/Madrid', now)).toEqual({ sendDate: '2026-03-11', dateVariable: nextDate('2026-03-11') });
  });

  it('toggles applications in id order and tells when the template is no longer offered', () => {
    expect(toggledApplications([2], 1, true)).toEqual([1, 2]);
    expect(toggledApplications([1, 2], 2, false)).toEqual([1]);
    expect(templateOffered(CERTIFICATE.id, [MAINTENANCE])).toBe(false);
    expect(templateOffered('', [MAINTENANCE])).toBe(true);
    expect(withoutTemplate(filled)).toMatchObject({ templateId: '', subjectId: 0, values: {}, reason: filled.reason });
  });
});
