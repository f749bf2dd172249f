import { describeRemoteRoutes } from '@suite/shared/testing';
import App from './App';

describeRemoteRoutes('mfe-notifications', App, [
  ['/notifications', 'Notificaciones de correo'],
  ['/Notifications', 'Notificaciones de correo'],
]);
