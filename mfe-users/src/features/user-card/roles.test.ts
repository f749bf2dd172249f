import {
  applicationLabel,
  assignRoles,
  initialApplication,
  hasRoleChanges,
  holdsAnyRole,
  isAssigned,
  roleCounters,
  rolesPayload,
  visibleRoles,
  type RoleChanges,
} from './roles';
import { type AppRoleCountRecord, type RoleRecord } from '@suite/shared/console';

const role = (name: string, overrides: Partial<RoleRecord> = {}): RoleRecord => ({
  id: name.length,
  name,
  description: '',
  alias: '',
  createdon: '2026-01-01T00:00:00Z',
  idstate: 0,
  sharedApps: '',
  assigned: false,
  ...overrides,
});
const app = (appname: string, rolequantity: number, rolequantityUnique: number): AppRoleCountRecord => ({
  appid: 1,
  appname,
  apptitle: appname,
  rolequantity,
  rolequantityUnique,
});

const firmaya = [role('Firmante', { assigned: true }), role('Auditor'), role('Viejo', { idstate: 1, assigned: false })];
const none: RoleChanges = new Map();

describe('roles rules', () => {
  it('names an application by its title, with its name when another shares the title', () => {
    const myself = { ...app('myselfcert', 3, 0), apptitle: 'MySelf' };
    const bemyself = { ...app('bemyself', 3, 0), apptitle: 'MySelf' };
    const firmayaApp = { ...app('firmaya', 3, 0), apptitle: 'Firmaya' };
    const all = [myself, bemyself, firmayaApp];
    expect(applicationLabel(firmayaApp, all)).toBe('Firmaya');
    expect(applicationLabel(myself, all)).toBe('MySelf (myselfcert)');
    expect(applicationLabel(bemyself, all)).toBe('MySelf (bemyself)');
    expect(applicationLabel({ ...app('sin-titulo', 0, 0), apptitle: '' }, all)).toBe('sin-titulo');
  });

  it('opens on the first application where the user holds a role, else the first', () => {
    expect(initialApplication([app('biometria', 3, 0), app('ibuhoo', 2, 1), app('firmaya', 3, 2)])).toBe('ibuhoo');
    expect(initialApplication([app('biometria', 3, 0), app('firmaya', 3, 0)])).toBe('biometria');
    expect(initialApplication([])).toBeNull();
  });

  it('hides inactive roles', () => {
    expect(visibleRoles(firmaya).map((r) => r.name)).toEqual(['Firmante', 'Auditor']);
  });

  it('counts the roles offered and the ones held, following the changes', () => {
    const record = app('firmaya', 2, 1);
    expect(roleCounters(record, undefined, none)).toEqual({ count: 2, unique: 1 });
    expect(roleCounters(record, firmaya, none)).toEqual({ count: 2, unique: 1 });
    const both = assignRoles(none, 'firmaya', ['Auditor'], true);
    expect(roleCounters(record, firmaya, both)).toEqual({ count: 2, unique: 2 });
    const neither = assignRoles(none, 'firmaya', ['Firmante', 'Auditor'], false);
    expect(roleCounters(record, firmaya, neither)).toEqual({ count: 2, unique: 0 });
  });

  it('requires at least one role across the applications', () => {
    const records = [app('firmaya', 2, 1), app('ibuhoo', 3, 0)];
    const loaded = new Map([['firmaya', firmaya]]);
    expect(holdsAnyRole(records, loaded, none)).toBe(true);
    expect(holdsAnyRole(records, loaded, assignRoles(none, 'firmaya', ['Firmante'], false))).toBe(false);
    expect(holdsAnyRole([app('ibuhoo', 3, 0)], new Map(), none)).toBe(false);
  });

  it('tells real changes from switches put back', () => {
    const loaded = new Map([['firmaya', firmaya]]);
    expect(hasRoleChanges(loaded, assignRoles(none, 'firmaya', ['Auditor'], true))).toBe(true);
    expect(hasRoleChanges(loaded, assignRoles(none, 'firmaya', ['Firmante'], true))).toBe(false);
  });

  it('sends every active role of the given applications with its flag', () => {
    const loaded = new Map([['firmaya', firmaya]]);
    const changes = assignRoles(none, 'firmaya', ['Auditor'], true);
    expect(isAssigned(changes, 'firmaya', firmaya[1])).toBe(true);
    expect(rolesPayload(['firmaya'], loaded, changes)).toEqual([
      { name: 'Firmante', application: 'firmaya', assigned: true },
      { name: 'Auditor', application: 'firmaya', assigned: true },
    ]);
  });
});
