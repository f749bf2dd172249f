import { appsChanged, appsError, dataErrors, pick, roleBody, setVisible } from './roleForm';

describe('role form', () => {
  it('checks name, description and alias with the contract, and a name in use', () => {
    expect(dataErrors({ name: 'Auditor ñandú', description: '', alias: 'aud' }, [])).toEqual({});
    expect(dataErrors({ name: '', description: '', alias: '' }, []).name).toBe('Campo obligatorio.');
    expect(dataErrors({ name: 'a-b', description: '', alias: '' }, []).name).toBe(
      'Solo se permiten letras, números, guion bajo y espacios.',
    );
    expect(dataErrors({ name: 'x', description: '', alias: 'a_b' }, []).alias).toBe('El alias no puede contener guion bajo.');
    expect(dataErrors({ name: 'lector', description: '', alias: '' }, ['Lector']).name).toBe('Ya existe un rol con ese nombre.');
  });

  it('needs one privilege; sends the applications that give something', () => {
    expect(appsError({})).toBe('*Se requiere mínimo un privilegio');
    let apps = pick({}, 'ibuhoo', 'USERS_READ', true);
    apps = setVisible(apps, 'license', false);
    expect(appsError(apps)).toBeUndefined();
    expect(roleBody({ name: ' Auditor ', description: '', alias: '' }, apps)).toEqual({
      name: 'Auditor',
      description: '',
      alias: '',
      application: [{ name: 'ibuhoo', privilege: ['USERS_READ'], isVisible: true }],
    });
    expect(appsChanged(apps, pick(pick(apps, 'ibuhoo', 'X', true), 'ibuhoo', 'X', false))).toBe(false);
    expect(appsChanged(apps, setVisible(apps, 'ibuhoo', false))).toBe(true);
  });
});
