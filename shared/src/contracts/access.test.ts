import * as v from 'valibot';
import {
  ACCESS_MESSAGES,
  CreatePrivilegeRequestSchema,
  CreateRoleRequestSchema,
  ModifyPrivilegeRequestSchema,
  isRoleStateChange,
} from './access';
import { maxMessage } from './validation';

const firstMessage = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? undefined : result.issues[0].message;
};

describe('privilege and role forms', () => {
  const privilege = { name: 'REPORTS_READ', description: 'Ver reportes', licence: false, isAuditable: true, application: ['ibuhoo'] };
  const role = {
    name: 'Auditoría interna',
    description: '',
    alias: 'auditor',
    application: [{ name: 'ibuhoo', privilege: ['USERS_READ'], isVisible: true }],
  };

  it('accepts valid forms', () => {
    expect(firstMessage(CreatePrivilegeRequestSchema, privilege)).toBeUndefined();
    expect(firstMessage(CreateRoleRequestSchema, role)).toBeUndefined();
  });

  it('refuses each privilege rule with the documented message', () => {
    expect(firstMessage(CreatePrivilegeRequestSchema, { ...privilege, name: 'A'.repeat(51) })).toBe(maxMessage(50));
    expect(firstMessage(CreatePrivilegeRequestSchema, { ...privilege, name: 'REPORTS READ' })).toBe(ACCESS_MESSAGES.privilegeNameChars);
    expect(firstMessage(CreatePrivilegeRequestSchema, { ...privilege, description: 'x'.repeat(101) })).toBe(maxMessage(100));
    expect(firstMessage(CreatePrivilegeRequestSchema, { ...privilege, application: [] })).toBe('Se requiere minimo una aplicación');
  });

  it('refuses each role rule with the documented message', () => {
    expect(firstMessage(CreateRoleRequestSchema, { ...role, name: 'Rol-1' })).toBe(ACCESS_MESSAGES.roleNameChars);
    expect(firstMessage(CreateRoleRequestSchema, { ...role, alias: 'a_b' })).toBe(ACCESS_MESSAGES.aliasNoUnderscore);
    expect(firstMessage(CreateRoleRequestSchema, { ...role, application: [{ name: 'ibuhoo', privilege: [], isVisible: true }] })).toBe(
      '*Se requiere mínimo un privilegio',
    );
  });

  it('normalises a non-zero state to inactive and tells a state change from a whole role', () => {
    expect(v.parse(ModifyPrivilegeRequestSchema, { ...privilege, id: 1, idstate: 7 }).idstate).toBe(1);
    expect(isRoleStateChange({ id: 1, description: 'x', idstate: 1 })).toBe(true);
    expect(isRoleStateChange({ ...role, id: 1 })).toBe(false);
  });
});
