import { describeTexts } from '@suite/shared/testing';
import { resources } from './i18n';

describeTexts('users texts', resources);
