export * from './ProfileContext';
export * from './document';
export * from './store';
export * from './preview';
export * from './emailSent';
