import { describeTexts } from '@suite/shared/testing';
import { auditResources } from './i18n';

describeTexts('audit texts', auditResources);
