import { describeRemoteRoutes, mockApi } from '@suite/shared/testing';
import App from './App';

beforeEach(() => {
  // the list reads its records; routing is what is checked here
  mockApi({ 'GET /api/application/list': [200, { records: [], count: 0 }] });
});

describeRemoteRoutes('mfe-apps', App, [
  ['/apps', 'Aplicaciones'],
  ['/Apps', 'Aplicaciones'],
]);
