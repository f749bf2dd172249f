// The style nonce of this page's Content-Security-Policy, written by the server into index.html:
// the <style> and <script> elements webpack and Emotion create carry it (docs/security/headers.md).
import { pageNonce } from './nonce';

__webpack_nonce__ = pageNonce() ?? '';
// Async boundary: shared singletons are negotiated before any of them is used.
import('./bootstrap');
