import { describeRemoteRoutes } from '@suite/shared/testing';
import App from './App';

describeRemoteRoutes('mfe-menus', App, [
  ['/menuSettings', 'Ajustes de menú'],
  ['/menusettings', 'Ajustes de menú'],
]);
