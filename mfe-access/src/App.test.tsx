import { describeRemoteRoutes } from '@suite/shared/testing';
import App from './App';

describeRemoteRoutes('mfe-access', App, [
  ['/roles', 'Roles'],
  ['/Roles', 'Roles'],
  ['/privileges', 'Privilegios'],
  ['/PRIVILEGES', 'Privilegios'],
]);
