import { PUBLIC_ROUTES, ScreenPlaceholder, registerResources } from '@suite/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { NS, resources } from './i18n';
import { Absent } from './Absent';
import { AlertScreen } from './AlertScreen';
import { AvailableApps } from './AvailableApps';
import { ChangePassword } from './ChangePassword';
import { CheckEmail } from './CheckEmail';
import { ResendEmail } from './ResendEmail';
import { ResetPassword } from './ResetPassword';
import { SelectAccounts } from './SelectAccounts';
import { SignIn } from './SignIn';
import { SignOut } from './SignOut';

registerResources(NS, resources);

/** Public routes not built yet: each one shows a placeholder inside this remote. */
const BUILT_ROUTES: readonly string[] = [
  '/login',
  '/logout',
  '/alert',
  '/absent',
  '/resetpassword',
  '/selectaccounts',
  '/check-email',
  '/changepassword',
  '/resendemail',
  '/invalid-link',
  '/availableapps',
];
const PLACEHOLDER_ROUTES = PUBLIC_ROUTES.filter((route) => !BUILT_ROUTES.includes(route)).map((route) => route.slice(1));

/** Every public screen of the portal (portal spec §2). Mounted by the host; renders no providers. */
export default function App() {
  const { t } = useTranslation(NS);
  return (
    <Routes>
      <Route index element={<SignIn />} />
      <Route path="login" element={<SignIn />} />
      <Route path="logout" element={<SignOut />} />
      <Route path="alert" element={<AlertScreen />} />
      <Route path="absent" element={<Absent />} />
      <Route path="resetpassword" element={<ResetPassword />} />
      <Route path="invalid-link" element={<ResetPassword variant="invalid-link" />} />
      <Route path="selectaccounts" element={<SelectAccounts />} />
      <Route path="check-email" element={<CheckEmail />} />
      <Route path="changepassword" element={<ChangePassword />} />
      <Route path="resendemail" element={<ResendEmail />} />
      <Route path="availableapps" element={<AvailableApps />} />
      {PLACEHOLDER_ROUTES.map((route) => (
        <Route key={route} path={`${route}/*`} element={<ScreenPlaceholder title={t(`screens.${route}`)} route={`/${route}`} />} />
      ))}
      <Route path="*" element={<Navigate to="/Login" replace />} />
    </Routes>
  );
}
