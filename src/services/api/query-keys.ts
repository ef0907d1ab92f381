/**
 * Query keys of the app's server reads (TanStack Query), one factory per capability (./keys/*.ts,
 * re-exported here): the one place where a read's key is made, so that the screens that read, the
 * writes that invalidate and the persistence that keeps reads on the device
 * (src/services/storage/query-persistence.ts) all name the same key; which reads each write
 * touches is said once, in ./keys/write-effects.ts. Invalidating a factory's
 * `all` refreshes every read under it (TanStack matches keys by prefix). One module per
 * capability, so that a screen loads only the keys it uses.
 */
import { learningKeys } from './keys/learning';
import { homeKeys } from './keys/home';
import { shortVideoKeys } from './keys/short-videos';
import { attachmentKeys } from './keys/attachments';
import { financesKeys } from './keys/finances';
import { accountKeys } from './keys/account';
import { translationKeys } from './keys/translations';
import { gradesKeys } from './keys/grades';
import { areasKeys } from './keys/areas';
import { consentKeys } from './keys/consent';
import { downloadsKeys } from './keys/downloads';

export { WRITE_EFFECTS, invalidateAfterWrite, readsTouchedBy, type WriteKind } from './keys/write-effects';
export {
  learningKeys,
  homeKeys,
  shortVideoKeys,
  attachmentKeys,
  financesKeys,
  accountKeys,
  translationKeys,
  gradesKeys,
  areasKeys,
  consentKeys,
  downloadsKeys,
};

export { NOT_PERSISTED } from './keys/not-persisted';
