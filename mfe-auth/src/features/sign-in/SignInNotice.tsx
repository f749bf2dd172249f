import { Alert } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';

/** The sign-in form's success notice (after a sign-out: 'Sesión finalizada exitosamente'), hidden by an outcome. */
export function SignInNotice({ hidden }: { hidden: boolean }) {
  const notice = (useLocation().state as { message?: unknown } | null)?.message;
  if (hidden || typeof notice !== 'string' || notice === '') return null;
  return (
    <Alert.Root status="success" role="status">
      <Alert.Indicator />
      <Alert.Title>{notice}</Alert.Title>
    </Alert.Root>
  );
}
