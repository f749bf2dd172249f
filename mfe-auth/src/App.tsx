import { LoadingState, PATHS, PUBLIC_ROUTES, ScreenPlaceholder, loadPayloadCipher, registerResources } from '@suite/shared';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { NS, resources } from './i18n';
import { AlertScreen } from './features/alerts/AlertScreen';
import { lazyScreen } from './lazyScreen';
import { sentFromAlert } from './navigation';
import { CertificateSignInForm, SignIn } from './features/sign-in/SignIn';

// The sign-in screen and the alert it leads to load with the remote; every other screen is its
// own chunk, fetched when first visited, so /login carries only what signing in needs.
const Absent = lazyScreen(() => import('./features/alerts/Absent').then((m) => m.Absent));
const AvailableApps = lazyScreen(() => import('./features/accounts/AvailableApps').then((m) => m.AvailableApps));
// The link's payload is encrypted: the cipher's chunk comes with the screen's.
const ChangePassword = lazyScreen(() =>
  Promise.all([import('./features/password-flows/ChangePassword'), loadPayloadCipher()]).then(([m]) => m.ChangePassword),
);
const CheckEmail = lazyScreen(() => import('./features/password-flows/CheckEmail').then((m) => m.CheckEmail));
const ResendEmail = lazyScreen(() => import('./features/password-flows/ResendEmail').then((m) => m.ResendEmail));
const ResetPasswordCertificate = lazyScreen(() =>
  import('./features/password-flows/ResetPasswordCertificate').then((m) => m.ResetPasswordCertificate),
);
const ResetOtp = lazyScreen(() => import('./features/otp-reset/ResetOtp').then((m) => m.ResetOtp));
const ResetPassword = lazyScreen(() => import('./features/password-flows/ResetPassword').then((m) => m.ResetPassword));
const SelectAccounts = lazyScreen(() => import('./features/accounts/SelectAccounts').then((m) => m.SelectAccounts));
const SignOut = lazyScreen(() => import('./features/sign-in/SignOut').then((m) => m.SignOut));
const CredentialSignOut = lazyScreen(() => import('./features/sign-in/SignOut').then((m) => m.CredentialSignOut));
const SecondFactor = lazyScreen(() => import('./features/second-factor/SecondFactor').then((m) => m.SecondFactor));
const SignInCallback = lazyScreen(() => import('./features/external-sign-in/SignInCallback').then((m) => m.SignInCallback));

/** Fetches every screen's chunk ahead of its first visit. */
export async function preloadScreens(): Promise<void> {
  await Promise.all(
    [
      Absent,
      AvailableApps,
      ChangePassword,
      CheckEmail,
      ResendEmail,
      ResetOtp,
      ResetPassword,
      ResetPasswordCertificate,
      SelectAccounts,
      SignOut,
      CredentialSignOut,
      SignInCallback,
      SecondFactor,
      CertificateSignInForm,
    ].map((s) => s.preload()),
  );
}

registerResources(NS, resources);

/** /check-email shows the generic alert instead when the alert flow sent the person there (docs/product/portal.md, Screens and routes). */
function CheckEmailRoute() {
  return sentFromAlert(useLocation().state) ? <AlertScreen /> : <CheckEmail />;
}

/** Public routes not built yet: each one shows a placeholder inside this remote. */
const BUILT_ROUTES: readonly string[] = [
  PATHS.login,
  PATHS.logout,
  PATHS.logoutCredential,
  PATHS.resetPasswordCertificate,
  PATHS.alert,
  PATHS.absent,
  PATHS.resetPassword,
  PATHS.selectAccounts,
  PATHS.checkEmail,
  PATHS.changePassword,
  PATHS.resendEmail,
  PATHS.invalidLink,
  PATHS.availableApps,
  PATHS.resetOtp,
  PATHS.signInCredentialCallback,
  PATHS.secondFactor,
];
const PLACEHOLDER_ROUTES = PUBLIC_ROUTES.filter((route) => !BUILT_ROUTES.includes(route)).map((route) => route.slice(1));

/** Every public screen of the portal (docs/product/portal.md, Screens and routes). Mounted by the host; renders no providers. */
export default function App() {
  const { t } = useTranslation(NS);
  return (
    <Suspense fallback={<LoadingState />}>
      <Routes>
        <Route index element={<SignIn />} />
        <Route path={PATHS.login} element={<SignIn />} />
        <Route path={PATHS.logout} element={<SignOut />} />
        <Route path={PATHS.logoutCredential} element={<CredentialSignOut />} />
        <Route path={PATHS.resetPasswordCertificate} element={<ResetPasswordCertificate />} />
        <Route path={PATHS.alert} element={<AlertScreen />} />
        <Route path={PATHS.absent} element={<Absent />} />
        <Route path={PATHS.resetPassword} element={<ResetPassword />} />
        <Route path={PATHS.invalidLink} element={<ResetPassword variant="invalid-link" />} />
        <Route path={PATHS.selectAccounts} element={<SelectAccounts />} />
        <Route path={PATHS.checkEmail} element={<CheckEmailRoute />} />
        <Route path={PATHS.changePassword} element={<ChangePassword />} />
        <Route path={PATHS.resendEmail} element={<ResendEmail />} />
        <Route path={PATHS.availableApps} element={<AvailableApps />} />
        <Route path={PATHS.resetOtp} element={<ResetOtp />} />
        <Route path={PATHS.signInCredentialCallback} element={<SignInCallback />} />
        <Route path={PATHS.secondFactor} element={<SecondFactor />} />
        {PLACEHOLDER_ROUTES.map((route) => (
          <Route key={route} path={`${route}/*`} element={<ScreenPlaceholder title={t(`screens.${route}`)} route={`/${route}`} />} />
        ))}
        <Route path="*" element={<Navigate to={PATHS.login} replace />} />
      </Routes>
    </Suspense>
  );
}
