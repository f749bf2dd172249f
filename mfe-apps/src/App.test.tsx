import { describeRemoteRoutes } from '@suite/shared/testing';
import App from './App';

describeRemoteRoutes('mfe-apps', App, [
  ['/apps', 'Aplicaciones'],
  ['/Apps', 'Aplicaciones'],
]);
