import type { TemplateVariable } from '@suite/shared/contracts';
import { formatDay, renderNotification, zoneName } from './render';

const definitions: TemplateVariable[] = [
  { type: 'text', name: 'detalle', label: 'Detalle', multiline: true, rows: 3, maxLength: 300 },
  { type: 'date', name: 'fecha', label: 'Fecha' },
  {
    type: 'time',
    name: 'hora',
    label: 'Hora',
    hour: { id: 'h', name: 'Hora', maxLength: 2 },
    minutes: { id: 'm', name: 'Minutos', maxLength: 2 },
    complement: 'Mostrar la zona horaria',
  },
  { type: 'check', name: 'aviso', label: 'El servicio no estará disponible.' },
  { type: 'check', name: 'otro', label: 'No se muestra.' },
];

const render = (values: { name: string; value: unknown }[], bodyHtml: string) =>
  renderNotification({
    template: { title: 'Mantenimiento', bodyHtml, imageUrl: 'https://id.example.com/api/Notifications/TemplateImage/m' },
    subject: 'Aviso <importante>',
    definitions,
    values: values as never,
    timeZone: 'America/Bogota',
    sendAt: new Date('2026-03-11T04:59:00Z'),
    recipient: { names: 'Ana <b>Pérez</b>' },
  });

describe('notification rendering', () => {
  it('escapes every value: HTML in a variable stays text and a placeholder in a value is not expanded', () => {
    const mail = render(
      [
        { name: 'detalle', value: '<script>alert(1)</script> & <img src=x onerror=alert(2)> {{fecha}}\nsegunda línea' },
        { name: 'fecha', value: '2026-03-12' },
      ],
      '<p>Hola {{destinatario}}</p><p>{{detalle}}</p><p>{{fecha}}</p><p>{{desconocida}}</p>',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(2)&gt; {{fecha}}<br>segunda línea',
    );
    expect(mail.html).toContain('<p>Hola Ana &lt;b&gt;Pérez&lt;/b&gt;</p>');
    expect(mail.html).toContain('<p>12 de marzo de 2026</p>');
    expect(mail.html).toContain('<title>Aviso &lt;importante&gt;</title>');
    expect(mail.html).not.toContain('{{desconocida}}');
    // the text part holds the values as written
    expect(mail.text).toContain('<script>alert(1)</script> & <img src=x onerror=alert(2)> {{fecha}}\nsegunda línea');
    expect(mail.text).toContain('Hola Ana <b>Pérez</b>');
    expect(mail.subject).toBe('Aviso <importante>');
  });

  it("formats dates in Spanish and times on the notification's zone, with the send time in the zone and in UTC", () => {
    const mail = render(
      [
        { name: 'fecha', value: '2026-12-01' },
        { name: 'hora', value: { hour: 7, minutes: 5, complement: true } },
        { name: 'aviso', value: true },
        { name: 'otro', value: false },
      ],
      '<p>{{fecha}} {{hora}}</p><p>{{aviso}}</p><p>{{otro}}</p>',
    );
    expect(mail.html).toContain(`<p>1 de diciembre de 2026 07:05 (${zoneName('America/Bogota', new Date())})</p>`);
    expect(zoneName('America/Bogota', new Date())).toMatch(/Colombia/);
    expect(mail.html).toContain('<p>El servicio no estará disponible.</p>');
    expect(mail.html).not.toContain('No se muestra.');
    expect(mail.html).toContain('10 de marzo de 2026, 23:59');
    expect(mail.html).toContain('2026-03-11 04:59 UTC');
    expect(mail.html).toContain('src="https://id.example.com/api/Notifications/TemplateImage/m"');
    expect(formatDay('2026-01-01')).toBe('1 de enero de 2026');
  });
});
