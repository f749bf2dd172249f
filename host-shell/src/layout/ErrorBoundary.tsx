import { Center, Text } from '@chakra-ui/react';
import { COMMON_NS, i18n } from '@suite/shared';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Last line of defence of the shell: 'Something error has occurred.' instead of a blank page. */
export class ShellErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('the shell failed', error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Center minH="100vh" role="alert">
        <Text>{i18n.t('errors.generic', { ns: COMMON_NS })}</Text>
      </Center>
    );
  }
}
