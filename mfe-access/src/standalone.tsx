import { mountStandalone } from '@suite/shared/standalone';
import App from './App';

/** Standalone page for local development: the remote's App inside the host's providers. */
void mountStandalone(App, { version: process.env.PACKAGE_VERSION });
