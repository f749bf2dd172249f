import { registerResources } from '@suite/shared';
import { Navigate, Route, Routes } from 'react-router';
import { UserCardRoute } from './features/user-card';
import { NS, resources } from './i18n';
import { UsersPage } from './UsersPage';

registerResources(NS, resources);

/** The users section (/users): the list, and the user card at /users/new and /users/:userId. Mounted by the host; renders no providers. */
export default function App() {
  return (
    <Routes>
      <Route path="users">
        <Route index element={<UsersPage />} />
        <Route path="new" element={<UserCardRoute />} />
        <Route path=":userId" element={<UserCardRoute />} />
      </Route>
      <Route path="*" element={<Navigate to="/Login" replace />} />
    </Routes>
  );
}
