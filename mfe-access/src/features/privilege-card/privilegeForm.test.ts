import { EMPTY_PRIVILEGE, privilegeBody, privilegeChanged, privilegeErrors, remaining } from './privilegeForm';

const valid = { ...EMPTY_PRIVILEGE, name: 'REPORTS_READ', application: ['ibuhoo'] };

describe('privilege form', () => {
  it('checks the name, description and applications with the contract', () => {
    expect(privilegeErrors(valid, [])).toEqual({});
    expect(privilegeErrors(EMPTY_PRIVILEGE, [])).toEqual({ name: 'Campo obligatorio.', application: 'Se requiere minimo una aplicación' });
    expect(privilegeErrors({ ...valid, name: 'con espacio' }, []).name).toBe(
      'Solo se permiten letras, números y guion bajo, sin espacios.',
    );
    expect(privilegeErrors({ ...valid, name: 'A'.repeat(51) }, []).name).toBe('Debe tener máximo 50 caracteres.');
    expect(privilegeErrors({ ...valid, description: 'x'.repeat(101) }, []).description).toBe('Debe tener máximo 100 caracteres.');
    expect(privilegeErrors({ ...valid, name: 'users_read' }, ['USERS_READ']).name).toBe('Ya existe un privilegio con ese nombre.');
    // an existing privilege keeps its name: no uniqueness check
    expect(privilegeErrors({ ...valid, name: 'USERS_READ' }, null)).toEqual({});
  });

  it('tells a change from the stored privilege, ignoring the order of applications', () => {
    const stored = { ...valid, application: ['ibuhoo', 'license'] };
    expect(privilegeChanged({ ...stored, application: ['license', 'ibuhoo'] }, stored)).toBe(false);
    expect(privilegeChanged({ ...stored, description: 'x' }, stored)).toBe(true);
    expect(privilegeChanged({ ...stored, isAuditable: true }, stored)).toBe(true);
    expect(privilegeChanged({ ...stored, application: ['ibuhoo'] }, stored)).toBe(true);
  });

  it('builds the body trimmed and counts the characters left', () => {
    expect(privilegeBody({ ...valid, description: ' Lee informes ' })).toEqual({
      name: 'REPORTS_READ',
      description: 'Lee informes',
      licence: false,
      isAuditable: false,
      application: ['ibuhoo'],
    });
    expect(remaining('abc', 100)).toBe(97);
  });
});
