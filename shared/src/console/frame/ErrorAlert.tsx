import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ErrorAlertProps extends Omit<Alert.RootProps, 'status' | 'title' | 'children' | 'role'> {
  /** What went wrong (the API's message, a screen's text). */
  message: ReactNode;
  /** A heading above the message; without it the message is the alert's title. */
  title?: ReactNode;
}

/** An error in the page, announced at once (role alert): a read or save that failed, a record not found. */
export function ErrorAlert({ message, title, ...root }: ErrorAlertProps) {
  return (
    <Alert.Root {...root} status="error" role="alert">
      <Alert.Indicator />
      {title === undefined ? (
        <Alert.Title>{message}</Alert.Title>
      ) : (
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{message}</Alert.Description>
        </Alert.Content>
      )}
    </Alert.Root>
  );
}
