import { initI18n } from '@suite/shared';
import { actionNameOf } from './ActionText';
import { AUDIT_NS } from './i18n';

/** Every action the API writes (api/src: recordAudit and the sign-in statements). */
const KNOWN = [
  'user.sign_in',
  'user.sign_in_failed',
  'user.sign_in_external',
  'user.create',
  'user.modify',
  'user.state',
  'user.delete',
  'user.reactivate',
  'user.password',
  'user.unlock',
  'user.certificate-password-reset',
  'session.close',
  'session.revoke',
  'role.create',
  'role.modify',
  'role.state',
  'privilege.create',
  'privilege.modify',
  'privilege.use',
  'application.create',
  'application.modify',
  'application.state',
  'application.image',
  'application.appearance',
  'application.tenantAppearance',
  'application.client.create',
  'application.client.modify',
  'application.client.rotateSecret',
  'application.client.remove',
  'menu.create',
  'menu.modify',
  'menu.image',
  'notification.create',
  'notification.modify',
  'notification.delete',
  'notification.test',
  'factor.add',
  'factor.remove',
  'factor.rename',
  'factor.recovery_codes',
  'external_identity.link',
  'otp-reset.request',
  'otp-reset.validate',
];

const names = (language: 'es' | 'en' | 'pt') => {
  const t = initI18n().getFixedT(language, AUDIT_NS);
  return KNOWN.map((code) => actionNameOf(t, code));
};

describe('actionNameOf', () => {
  it.each(['es', 'en', 'pt'] as const)('names every action the API writes in %s, each its own name', (language) => {
    const found = names(language);
    expect(KNOWN.filter((_, i) => found[i] === undefined)).toEqual([]);
    expect(new Set(found).size).toBe(KNOWN.length);
  });

  it('names them in the language asked for', () => {
    const t = (language: 'es' | 'en' | 'pt') => initI18n().getFixedT(language, AUDIT_NS);
    expect(actionNameOf(t('es'), 'user.sign_in_failed')).toBe('Ingreso fallido');
    expect(actionNameOf(t('en'), 'user.sign_in_failed')).toBe('Failed sign-in');
    expect(actionNameOf(t('pt'), 'user.sign_in_failed')).toBe('Acesso com falha');
    expect(actionNameOf(t('es'), 'session.close')).toBe('Sesión cerrada por un administrador');
  });

  it('has no name for an unknown code, a part of a code or what is not a code', () => {
    const t = initI18n().getFixedT('es', AUDIT_NS);
    for (const code of [
      'report.export',
      'user',
      'application.client',
      'user.sign_in.more',
      'common:version',
      'actions',
      '',
      'user.toString',
    ])
      expect([code, actionNameOf(t, code)]).toEqual([code, undefined]);
  });
});
