export * from './SectionUnavailable';
export * from './ScreenPlaceholder';
export * from './LoadingState';
export * from './AppProviders';
export * from './format';
export * from './dialogs';
export * from './useAppVersion';
