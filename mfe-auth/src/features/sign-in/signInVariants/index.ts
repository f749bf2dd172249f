export { signInLayoutFor, SIGN_IN_LAYOUTS } from './layouts';
export { SIGN_IN_TITLE_ID } from './layoutTypes';
