import { type MenuItem, type MenuRecord } from '@suite/shared/console';
import { consoleRemoteKit } from '@suite/shared/testing';
import App from './App';

/** Test helpers of menu settings: the console remote kit, and menus as the API answers them. */

export { callsTo, cleanUpDialogs, serve } from '@suite/shared/testing';
export const { renderAt } = consoleRemoteKit(App);

export const APPLICATIONS = [
  { id: 1, name: 'ibuhoo', title: 'Suite GSE' },
  { id: 2, name: 'firmaya', title: 'Firmaya' },
];

let n = 0;
export const menuItem = (name: string, over: Partial<MenuItem> = {}): MenuItem => ({
  key: `Key${String(++n).padStart(7, '0')}`,
  name,
  privilege: '',
  url: `/${name.toLowerCase()}`,
  isFunction: false,
  functionName: '',
  description: '',
  isActivate: true,
  sizeIcon: '24px',
  iconName: 'users',
  isPersonalizedIcon: false,
  menuLocation: 1,
  application: 'ibuhoo',
  children: [],
  ...over,
});

export const menuRecord = (items: unknown[], over: Partial<MenuRecord> = {}): MenuRecord => ({
  id: 7,
  idapplication: 1,
  application: 'ibuhoo',
  idmenulocation: 1,
  numberRows: 0,
  menujson: JSON.stringify(items),
  version: 3,
  modifiedOn: '2026-01-01T10:00:00Z',
  ...over,
});
