/**
 * The react-i18next the suite ships: what Module Federation provides under the `react-i18next`
 * share key (shared/tools/webpack.cjs). A shared module cannot be tree-shaken; the package's index
 * also carries <Trans> with its HTML parser, the ICU components and the SSR helpers, which no
 * screen uses. To use one of them, add it here.
 *
 * `#react-i18next/` is an alias (webpack.cjs) of the package's ES modules; importing
 * `react-i18next` here would consume this very module. Plain JavaScript on purpose, like
 * ui/chakra.js. A test checks that every name the front end imports from `react-i18next` is listed.
 */
export { I18nextProvider } from '#react-i18next/I18nextProvider.js';
export { useTranslation } from '#react-i18next/useTranslation.js';
export { withTranslation } from '#react-i18next/withTranslation.js';
export { Translation } from '#react-i18next/Translation.js';
export { initReactI18next } from '#react-i18next/initReactI18next.js';
export { setDefaults, getDefaults } from '#react-i18next/defaults.js';
export { setI18n, getI18n } from '#react-i18next/i18nInstance.js';
export { I18nContext } from '#react-i18next/context.js';
