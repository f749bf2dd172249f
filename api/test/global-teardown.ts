import { dropSeededTemplates } from './seeded-template';

/** Removes this run's seeded templates (global-setup.ts). */
export default async function globalTeardown(): Promise<void> {
  await dropSeededTemplates();
}
