import { describeRemoteRoutes } from '@suite/shared/testing';
import { mockApi } from '@suite/shared/testing';
import App from './App';

beforeEach(() => {
  // the lists read their records; routing is what is checked here
  mockApi({ 'GET /api/privilege/list': [200, { records: [], count: 0 }], 'GET /api/role/list': [200, { records: [], count: 0 }] });
});

describeRemoteRoutes('mfe-access', App, [
  ['/roles', 'Roles'],
  ['/Roles', 'Roles'],
  ['/privileges', 'Privilegios'],
  ['/PRIVILEGES', 'Privilegios'],
]);
