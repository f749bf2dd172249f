export { revealModeFor, signInLayoutFor, SIGN_IN_LAYOUTS, SIGN_IN_REVEAL_MODES } from './layouts';
export { SIGN_IN_TITLE_ID } from './layoutTypes';
