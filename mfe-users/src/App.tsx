import { registerResources } from '@suite/shared';
import { Navigate, Route, Routes } from 'react-router';
import { NS, resources } from './i18n';
import { UsersPage } from './UsersPage';

registerResources(NS, resources);

/** The users section (/users). Mounted by the host; renders no providers. */
export default function App() {
  return (
    <Routes>
      <Route path="users" element={<UsersPage />} />
      <Route path="*" element={<Navigate to="/Login" replace />} />
    </Routes>
  );
}
