import { ClassicLayout } from './ClassicLayout';
import { LanguageSelector } from './LanguageSelector';
import type { SignInLayoutProps } from './layoutTypes';

/** The translated variant: the classic card under the language selector bar. */
export function TranslatedLayout(props: SignInLayoutProps) {
  return <ClassicLayout {...props} header={<LanguageSelector />} />;
}
