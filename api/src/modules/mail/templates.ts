/** Mail texts (HTML and plain text) in es, en and pt; the tenant language picks one (default es). */

export type MailLanguage = 'es' | 'en' | 'pt';
export type MailKind = 'activation' | 'reset' | 'passwordChanged' | 'alreadyActive' | 'resetCode' | 'otpReset' | 'factorRemoved';

export function mailLanguage(raw: string | null | undefined): MailLanguage {
  const l = (raw ?? '').trim().toLowerCase().slice(0, 2);
  return l === 'en' || l === 'pt' ? l : 'es';
}

interface Texts {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action?: string;
  expiry?: (minutes: string) => string;
  ignore: string;
}

const TEXTS: Record<MailLanguage, Record<MailKind, Texts>> = {
  es: {
    factorRemoved: {
      subject: 'Se quitó un segundo factor de tu cuenta',
      greeting: (n) => `Hola ${n},`,
      body: 'Un administrador quitó uno de los segundos factores de tu cuenta (una aplicación de autenticación o una llave de acceso). Puedes configurar uno nuevo en la página Seguridad.',
      ignore: 'Si no lo esperabas, comunícate de inmediato con el administrador.',
    },
    activation: {
      subject: 'Activa tu cuenta',
      greeting: (n) => `Hola ${n},`,
      body: 'Se creó una cuenta para ti. Para activarla, crea tu contraseña con el siguiente enlace.',
      action: 'Crear contraseña',
      expiry: (t) => `El enlace puede usarse una sola vez y vence en ${t}.`,
      ignore: 'Si no esperabas este correo, ignóralo.',
    },
    reset: {
      subject: 'Restablece tu contraseña',
      greeting: (n) => `Hola ${n},`,
      body: 'Recibimos una solicitud para restablecer tu contraseña. Usa el siguiente enlace para crear una nueva.',
      action: 'Cambiar contraseña',
      expiry: (t) => `El enlace puede usarse una sola vez y vence en ${t}.`,
      ignore: 'Si no solicitaste el cambio, ignora este correo: tu contraseña no cambiará.',
    },
    passwordChanged: {
      subject: 'Tu contraseña fue cambiada',
      greeting: (n) => `Hola ${n},`,
      body: 'La contraseña de tu cuenta fue cambiada y se cerraron tus sesiones abiertas.',
      ignore: 'Si no fuiste tú, comunícate de inmediato con el administrador.',
    },
    alreadyActive: {
      subject: 'Tu cuenta ya está activa',
      greeting: (n) => `Hola ${n},`,
      body: 'Se pidió un nuevo correo de activación para tu cuenta, pero ya está activa: ingresa con tu usuario y contraseña. Si la olvidaste, usa «Olvidé mi contraseña» en la pantalla de ingreso.',
      ignore: 'Si no lo pediste tú, ignora este correo: tu cuenta no cambió.',
    },
    resetCode: {
      subject: 'Tu código de verificación',
      greeting: (n) => `Hola ${n},`,
      body: 'Recibimos una solicitud para restablecer la contraseña de tu certificado. Ingresa este código en la pantalla de restablecimiento.',
      action: 'Código de verificación',
      expiry: (t) => `El código puede usarse una sola vez y vence en ${t}.`,
      ignore: 'Si no solicitaste el cambio, ignora este correo: tu contraseña no cambiará.',
    },
    otpReset: {
      subject: 'Confirma el restablecimiento de tu OTP',
      greeting: (n) => `Hola ${n},`,
      body: 'La aplicación pidió restablecer el dispositivo con el que generas tus códigos de un solo uso (OTP). Si fuiste tú, confírmalo con el siguiente enlace.',
      action: 'Confirmar restablecimiento',
      expiry: (t) => `El enlace puede usarse una sola vez y vence en ${t}.`,
      ignore: 'Si no lo pediste, ignora este correo: tu OTP no cambiará.',
    },
  },
  en: {
    factorRemoved: {
      subject: 'A second factor was removed from your account',
      greeting: (n) => `Hello ${n},`,
      body: 'An administrator removed one of the second factors of your account (an authenticator app or a passkey). You can set up a new one on the Security page.',
      ignore: 'If you did not expect this, contact the administrator at once.',
    },
    activation: {
      subject: 'Activate your account',
      greeting: (n) => `Hello ${n},`,
      body: 'An account was created for you. To activate it, create your password with the link below.',
      action: 'Create password',
      expiry: (t) => `The link can be used once and expires in ${t}.`,
      ignore: 'If you did not expect this e-mail, ignore it.',
    },
    reset: {
      subject: 'Reset your password',
      greeting: (n) => `Hello ${n},`,
      body: 'We received a request to reset your password. Use the link below to create a new one.',
      action: 'Change password',
      expiry: (t) => `The link can be used once and expires in ${t}.`,
      ignore: 'If you did not ask for this, ignore this e-mail: your password will not change.',
    },
    passwordChanged: {
      subject: 'Your password was changed',
      greeting: (n) => `Hello ${n},`,
      body: 'The password of your account was changed and your open sessions were closed.',
      ignore: 'If this was not you, contact the administrator at once.',
    },
    alreadyActive: {
      subject: 'Your account is already active',
      greeting: (n) => `Hello ${n},`,
      body: 'A new activation e-mail was asked for your account, but it is already active: sign in with your user name and password. If you forgot it, use “Forgot my password” on the sign-in screen.',
      ignore: 'If you did not ask for this, ignore this e-mail: your account has not changed.',
    },
    resetCode: {
      subject: 'Your verification code',
      greeting: (n) => `Hello ${n},`,
      body: 'We received a request to reset the password of your certificate. Enter this code on the reset screen.',
      action: 'Verification code',
      expiry: (t) => `The code can be used once and expires in ${t}.`,
      ignore: 'If you did not ask for this, ignore this e-mail: your password will not change.',
    },
    otpReset: {
      subject: 'Confirm the reset of your OTP',
      greeting: (n) => `Hello ${n},`,
      body: 'The application asked to reset the device that generates your one-time passwords (OTP). If it was you, confirm it with the link below.',
      action: 'Confirm reset',
      expiry: (t) => `The link can be used once and expires in ${t}.`,
      ignore: 'If you did not ask for it, ignore this e-mail: your OTP will not change.',
    },
  },
  pt: {
    factorRemoved: {
      subject: 'Um segundo fator foi removido da sua conta',
      greeting: (n) => `Olá ${n},`,
      body: 'Um administrador removeu um dos segundos fatores da sua conta (um aplicativo autenticador ou uma chave de acesso). Você pode configurar um novo na página Segurança.',
      ignore: 'Se você não esperava isto, entre em contato com o administrador imediatamente.',
    },
    activation: {
      subject: 'Ative sua conta',
      greeting: (n) => `Olá ${n},`,
      body: 'Uma conta foi criada para você. Para ativá-la, crie sua senha com o link abaixo.',
      action: 'Criar senha',
      expiry: (t) => `O link pode ser usado uma única vez e expira em ${t}.`,
      ignore: 'Se você não esperava este e-mail, ignore-o.',
    },
    reset: {
      subject: 'Redefina sua senha',
      greeting: (n) => `Olá ${n},`,
      body: 'Recebemos um pedido para redefinir sua senha. Use o link abaixo para criar uma nova.',
      action: 'Alterar senha',
      expiry: (t) => `O link pode ser usado uma única vez e expira em ${t}.`,
      ignore: 'Se você não pediu a alteração, ignore este e-mail: sua senha não mudará.',
    },
    passwordChanged: {
      subject: 'Sua senha foi alterada',
      greeting: (n) => `Olá ${n},`,
      body: 'A senha da sua conta foi alterada e suas sessões abertas foram encerradas.',
      ignore: 'Se não foi você, entre em contato com o administrador imediatamente.',
    },
    alreadyActive: {
      subject: 'Sua conta já está ativa',
      greeting: (n) => `Olá ${n},`,
      body: 'Foi pedido um novo e-mail de ativação para sua conta, mas ela já está ativa: entre com seu usuário e senha. Se você a esqueceu, use «Esqueci minha senha» na tela de entrada.',
      ignore: 'Se não foi você quem pediu, ignore este e-mail: sua conta não mudou.',
    },
    resetCode: {
      subject: 'Seu código de verificação',
      greeting: (n) => `Olá ${n},`,
      body: 'Recebemos um pedido para redefinir a senha do seu certificado. Digite este código na tela de redefinição.',
      action: 'Código de verificação',
      expiry: (t) => `O código pode ser usado uma única vez e expira em ${t}.`,
      ignore: 'Se você não pediu a alteração, ignore este e-mail: sua senha não mudará.',
    },
    otpReset: {
      subject: 'Confirme a redefinição do seu OTP',
      greeting: (n) => `Olá ${n},`,
      body: 'A aplicação pediu para redefinir o dispositivo que gera suas senhas de uso único (OTP). Se foi você, confirme com o link abaixo.',
      action: 'Confirmar redefinição',
      expiry: (t) => `O link pode ser usado uma única vez e expira em ${t}.`,
      ignore: 'Se você não pediu, ignore este e-mail: seu OTP não mudará.',
    },
  },
};

const UNITS: Record<MailLanguage, [string, string, string, string, string, string]> = {
  es: ['minuto', 'minutos', 'hora', 'horas', 'día', 'días'],
  en: ['minute', 'minutes', 'hour', 'hours', 'day', 'days'],
  pt: ['minuto', 'minutos', 'hora', 'horas', 'dia', 'dias'],
};

/** "30 minutos", "1 hour", … (time units: 1 minutes, 2 hours, anything else days). */
export function durationText(amount: number, unit: number, language: MailLanguage): string {
  const u = UNITS[language];
  const i = unit === 1 ? 0 : unit === 2 ? 2 : 4;
  return `${amount} ${amount === 1 ? u[i] : u[i + 1]}`;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function renderMail(
  kind: MailKind,
  language: MailLanguage,
  input: { name: string; appTitle: string; link?: string; validity?: string; code?: string },
): RenderedMail {
  const t = TEXTS[language][kind];
  const subject = `${t.subject} – ${input.appTitle}`;
  const lines = [t.greeting(input.name), '', t.body];
  if (input.link && t.action) lines.push('', `${t.action}: ${input.link}`);
  if (input.code && t.action) lines.push('', `${t.action}: ${input.code}`);
  if (input.validity && t.expiry) lines.push('', t.expiry(input.validity));
  lines.push('', t.ignore, '', input.appTitle);
  const text = lines.join('\n');
  const button =
    input.link && t.action
      ? `<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#1a73e8;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(t.action)}</a></p>`
      : '';
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Muli,Arial,sans-serif;color:#575756">
<p>${escapeHtml(t.greeting(input.name))}</p>
<p>${escapeHtml(t.body)}</p>
${button}
${input.code && t.action ? `<p>${escapeHtml(t.action)}: <strong style="font-size:20px;letter-spacing:4px">${escapeHtml(input.code)}</strong></p>` : ''}
${input.validity && t.expiry ? `<p>${escapeHtml(t.expiry(input.validity))}</p>` : ''}
<p>${escapeHtml(t.ignore)}</p>
<p>${escapeHtml(input.appTitle)}</p>
</body></html>`;
  return { subject, text, html };
}
