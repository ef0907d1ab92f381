/**
 * What the module screen shares with the learning-object viewer and the preview: apart from the
 * screen so that those screens do not load it with theirs (docs/performance.md).
 */
import type { LearningObjectType } from '../../services/contract/lms';
import type { ModuleMessages } from './messages';
import { learningKeys } from '../../services/api/keys/learning';

/** Text of each learning-object type. */
export const TYPE_TEXT: Record<LearningObjectType, keyof typeof ModuleMessages> = {
  video: 'typeVideo',
  audio: 'typeAudio',
  text: 'typeText',
  pdf: 'typePdf',
  link: 'typeLink',
  embed: 'typeEmbed',
  quiz: 'typeQuiz',
};

/** Query key of a module, shared with the viewer (which invalidates it after an end). */
export const moduleQueryKey = learningKeys.module;
