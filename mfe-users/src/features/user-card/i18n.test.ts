import { describeTexts } from '@suite/shared/testing';
import { cardResources } from './i18n';

describeTexts('user card texts', cardResources);
