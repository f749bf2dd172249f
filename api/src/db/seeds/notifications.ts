/**
 * The notification templates seeded for the suite's applications (docs/product/notifications.md): a
 * maintenance notice, a password-policy reminder, a new-feature announcement and a certificate
 * expiry notice, in Spanish, each with its banner image, variables and subjects. Seeded once:
 * later edits in the database are kept.
 */

type Icon = 'wrench' | 'key' | 'star' | 'certificate';

export interface TemplateVariableSeed {
  name: string;
  type: 'text' | 'date' | 'time' | 'check';
  label: string;
  multiline?: boolean;
  rows?: number;
  maxLength?: number;
  complement?: string;
}

export interface TemplateSeed {
  id: string;
  title: string;
  /** Banner colours (top-left to bottom-right) and its pictogram. */
  image: { from: string; to: string; icon: Icon };
  bodyHtml: string;
  variables: TemplateVariableSeed[];
  subjects: string[];
  /** Application names; `*` is every visible application but RESETOTP. */
  applications: string[] | '*';
}

const ICONS: Record<Icon, string> = {
  // an open-end wrench
  wrench: '<path d="M62 18a22 22 0 0 0-27 27L12 68a6 6 0 0 0 9 9l23-23a22 22 0 0 0 27-27l-13 13-9-3-3-9z" fill="#fff"/>',
  // a key
  key: '<circle cx="30" cy="46" r="18" fill="none" stroke="#fff" stroke-width="8"/><path d="M44 40h36v10h-8v10h-10v-10h-18z" fill="#fff"/>',
  // a five-pointed star
  star: '<path d="M45 8l11 24 26 3-19 18 5 26-23-13-23 13 5-26L8 35l26-3z" fill="#fff"/>',
  // a certificate with its seal
  certificate:
    '<rect x="8" y="14" width="62" height="46" rx="4" fill="none" stroke="#fff" stroke-width="6"/><path d="M18 28h42M18 40h30" stroke="#fff" stroke-width="5"/><circle cx="66" cy="62" r="14" fill="#fff"/><path d="M58 74l-4 14 12-6 12 6-4-14" fill="#fff"/>',
};

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The template's banner: 600 × 200, a diagonal gradient, its pictogram and its title. */
export function templateImage(template: Pick<TemplateSeed, 'title' | 'image'>): string {
  const { from, to, icon } = template.image;
  // 430 px from the pictogram to the edge: a long title gets a smaller size rather than being cut
  // off in a wide font (about 0.62 em a character in the widest of the fallbacks)
  const fontSize = Math.min(30, Math.floor(430 / (template.title.length * 0.62)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200" viewBox="0 0 600 200" role="img" aria-label="${escapeXml(template.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="600" height="200" fill="url(#g)"/>
<circle cx="540" cy="30" r="90" fill="#fff" opacity="0.08"/><circle cx="600" cy="190" r="70" fill="#fff" opacity="0.06"/>
<g transform="translate(40 55)">${ICONS[icon]}</g>
<text x="150" y="112" font-family="Segoe UI, Helvetica, Arial, sans-serif" font-size="${fontSize}" font-weight="600" fill="#fff">${escapeXml(template.title)}</text>
</svg>
`;
}

export const NOTIFICATION_TEMPLATES: TemplateSeed[] = [
  {
    id: 'mantenimiento-programado',
    title: 'Mantenimiento programado',
    image: { from: '#0b4f8a', to: '#1f8fd6', icon: 'wrench' },
    bodyHtml: `<p>Hola {{destinatario}},</p>
<p>Te informamos que realizaremos un mantenimiento programado de la plataforma el <strong>{{fecha}}</strong>, entre las <strong>{{horaInicio}}</strong> y las <strong>{{horaFin}}</strong>.</p>
<p>{{detalle}}</p>
<p>{{interrupcion}}</p>
<p>Gracias por tu comprensión.</p>`,
    variables: [
      { name: 'fecha', type: 'date', label: 'Fecha del mantenimiento' },
      { name: 'horaInicio', type: 'time', label: 'Hora de inicio', complement: 'Mostrar la zona horaria' },
      { name: 'horaFin', type: 'time', label: 'Hora de finalización', complement: 'Mostrar la zona horaria' },
      { name: 'detalle', type: 'text', label: 'Detalle del mantenimiento', multiline: true, rows: 4, maxLength: 300 },
      { name: 'interrupcion', type: 'check', label: 'Durante el mantenimiento el servicio no estará disponible.' },
    ],
    subjects: ['Mantenimiento programado de la plataforma', 'Aviso de mantenimiento'],
    applications: '*',
  },
  {
    id: 'recordatorio-politica-contrasenas',
    title: 'Política de contraseñas',
    image: { from: '#5b2a86', to: '#a4508b', icon: 'key' },
    bodyHtml: `<p>Hola {{destinatario}},</p>
<p>Para proteger tu cuenta, las contraseñas deben cambiarse cada <strong>{{diasVigencia}}</strong> días. Te recordamos actualizar la tuya antes del <strong>{{fechaLimite}}</strong>.</p>
<p>{{recomendacion}}</p>
<p>Puedes cambiarla desde la opción «Cambiar contraseña» de tu perfil.</p>`,
    variables: [
      { name: 'diasVigencia', type: 'text', label: 'Días de vigencia', maxLength: 3 },
      { name: 'fechaLimite', type: 'date', label: 'Fecha límite' },
      { name: 'recomendacion', type: 'text', label: 'Recomendación', multiline: true, rows: 3, maxLength: 200 },
    ],
    subjects: ['Recordatorio: actualiza tu contraseña', 'Nueva política de contraseñas'],
    applications: '*',
  },
  {
    id: 'nueva-funcionalidad',
    title: 'Nueva funcionalidad',
    image: { from: '#0f7b5f', to: '#37b98b', icon: 'star' },
    bodyHtml: `<p>Hola {{destinatario}},</p>
<p>Desde el <strong>{{fechaDisponible}}</strong> tendrás disponible <strong>{{funcionalidad}}</strong>.</p>
<p>{{descripcion}}</p>
<p>{{capacitacion}} {{horaCapacitacion}}</p>`,
    variables: [
      { name: 'funcionalidad', type: 'text', label: 'Nombre de la funcionalidad', maxLength: 80 },
      { name: 'descripcion', type: 'text', label: 'Descripción', multiline: true, rows: 4, maxLength: 500 },
      { name: 'fechaDisponible', type: 'date', label: 'Disponible desde' },
      { name: 'capacitacion', type: 'check', label: 'Te invitamos a la sesión de capacitación, a las' },
      { name: 'horaCapacitacion', type: 'time', label: 'Hora de la capacitación', complement: 'Mostrar la zona horaria' },
    ],
    subjects: ['Conoce la nueva funcionalidad', 'Novedades de la plataforma'],
    applications: '*',
  },
  {
    id: 'vencimiento-certificado',
    title: 'Vencimiento de certificado',
    image: { from: '#8a3b0b', to: '#e07b24', icon: 'certificate' },
    bodyHtml: `<p>Hola {{destinatario}},</p>
<p>Tu certificado de firma digital vence el <strong>{{fechaVencimiento}}</strong>. Renuévalo a tiempo para seguir firmando sin interrupciones.</p>
<p>{{instrucciones}}</p>`,
    variables: [
      { name: 'fechaVencimiento', type: 'date', label: 'Fecha de vencimiento' },
      { name: 'instrucciones', type: 'text', label: 'Instrucciones de renovación', multiline: true, rows: 3, maxLength: 300 },
    ],
    subjects: ['Tu certificado está por vencer', 'Renueva tu certificado digital'],
    applications: ['firmaya', 'license', 'letmicert', 'myselfcert'],
  },
];
