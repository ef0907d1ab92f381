/**
 * The one place that knows which server reads a write touches, so that every screen
 * is fresh after every write: for each kind of write the student makes, the query keys whose reads then show
 * something else, built only from the key factories of this folder. Every write site asks it —
 * the outbox once a stored write was sent (src/app/wiring/learning.ts), the course and lesson
 * resets, the paid Pix bill, the LGPD acceptance and the profile save — through
 * `invalidateAfterWrite`. Invalidating a factory's `all…` key refreshes every read under it
 * (TanStack Query matches keys by prefix); a read on screen reads again at once, the others when
 * they are next shown (home included: the student returning to /home sees the new data).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { accountKeys } from './account';
import { areasKeys } from './areas';
import { attachmentKeys } from './attachments';
import { financesKeys } from './finances';
import { homeKeys } from './home';
import { learningKeys } from './learning';
import { shortVideoKeys } from './short-videos';

/**
 * The reads that show a student's progress in courses: home, course list, course, module, objects,
 * and the areas that show it (professionalizing courses, EJA subjects: a subject's progress is its module's).
 */
const COURSE_PROGRESS: readonly QueryKey[] = [
  homeKeys.all,
  learningKeys.allCourses,
  learningKeys.allCourse,
  learningKeys.allModules,
  learningKeys.allLearningObjects,
  areasKeys.professionalizing,
  areasKeys.eja,
];

/** The reads that show an attachment's progress ('Concluído', 'Visto'): the attachment, the lists, the area. */
const ATTACHMENT_PROGRESS: readonly QueryKey[] = [
  attachmentKeys.allAttachment,
  attachmentKeys.allScoped,
  attachmentKeys.allArea,
];

/** The reads that show who the student is (name, address, LGPD acceptance): the profile and the home. */
const STUDENT_DATA: readonly QueryKey[] = [accountKeys.self, homeKeys.all];

/**
 * Each kind of write and the reads it changes. The outbox's kinds (src/services/storage/outbox-store.ts)
 * keep their names; the others are the writes made at once, online.
 */
export const WRITE_EFFECTS = {
  /** A learning object opened: its status and the course's 'Continuar' (home's too). */
  'learningObject.start': COURSE_PROGRESS,
  /** A learning object (text, video, PDF, quiz) ended: progress everywhere it shows. */
  'learningObject.end': COURSE_PROGRESS,
  /** A short video opened: the list's 'Em andamento'. */
  'shortVideo.start': [shortVideoKeys.all],
  /** A short video watched to its end: the list's 'Assistido'. */
  'shortVideo.end': [shortVideoKeys.all],
  /**
   * A video's position: read only when a player opens (`shortVideoKeys.activity`, never kept);
   * refreshing an open player's position would make it jump, so nothing is invalidated.
   */
  videoProgress: [],
  /** An attachment opened. */
  'attachment.start': ATTACHMENT_PROGRESS,
  /** An attachment read to its end. */
  'attachment.end': ATTACHMENT_PROGRESS,
  /** A lesson reset ('Reiniciar a aula'): the same reads as a learning object's progress. */
  'lesson.reset': COURSE_PROGRESS,
  /** A course reset ('Reiniciar curso'). */
  'course.reset': COURSE_PROGRESS,
  /** A bill paid (Pix): the bills list and the home's pending bills and upcoming items. */
  'bill.paid': [financesKeys.bills, homeKeys.all],
  /** The LGPD terms accepted: the student's own data and the home. */
  'lgpd.accepted': STUDENT_DATA,
  /** The profile saved (name, address…): the profile read and the home. */
  'profile.saved': STUDENT_DATA,
} as const satisfies Record<string, readonly QueryKey[]>;

/** A kind of write the student makes. */
export type WriteKind = keyof typeof WRITE_EFFECTS;

/**
 * Reads a write makes stale but that are not read again while on screen: the screen showing them
 * shows nothing the write changed, so they are read again only when a screen next mounts them.
 * A learning object's opening changes its status — the module, the course and home show it and
 * are read again — but the learning object's own screen, the one that made the write, shows only
 * 'completed' from its read (the opening is its lifecycle actor's): reading it again would
 * download the content just opened a second time, on every opening. When the writes say which
 * learning objects were opened (`WriteScope`), only their reads are marked: a learning object's
 * read holds its own status and no other's, and the next one's, read ahead for 'Próximo
 * conteúdo' (src/app/prefetch-routes.ts), stays fresh for the tap.
 */
const NOT_REREAD_ON_SCREEN: Partial<Record<WriteKind, readonly QueryKey[]>> = {
  'learningObject.start': [learningKeys.allLearningObjects],
};

/** @returns the query keys whose reads show something else after a write of `kind`. */
export function readsTouchedBy(kind: WriteKind): readonly QueryKey[] {
  return WRITE_EFFECTS[kind];
}

/**
 * The reads touched by any of `kinds`, each key once (a burst of outbox deliveries refreshes
 * each read once).
 */
export function readsTouchedByAll(kinds: Iterable<WriteKind>): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  for (const kind of kinds) for (const key of WRITE_EFFECTS[kind]) keys.set(JSON.stringify(key), key);
  return [...keys.values()];
}

/** What the writes were for, where that narrows the reads they touch. */
export interface WriteScope {
  /** The learning objects whose opening ('learningObject.start') the writes hold. */
  openedLearningObjects?: Iterable<number>;
}

/**
 * Invalidates in `client` every read that writes of `kinds` (one kind or several) touch; those on
 * screen are read again at once, except the ones no write of `kinds` needs read again on screen
 * (`NOT_REREAD_ON_SCREEN`: marked stale only, read again when a screen next mounts them). With
 * `scope.openedLearningObjects`, the learning-object reads that openings alone touch are those
 * learning objects' only (without it, every learning-object read).
 * @returns when the reads on screen were read again (TanStack's `invalidateQueries`).
 */
export async function invalidateAfterWrite(
  client: Pick<QueryClient, 'invalidateQueries'>,
  kinds: WriteKind | Iterable<WriteKind>,
  scope: WriteScope = {},
): Promise<void> {
  const list = typeof kinds === 'string' ? [kinds] : [...kinds];
  // Not read again on screen only when no write of the batch needs it read (an end does).
  const has = (keys: readonly QueryKey[] | undefined, key: QueryKey) =>
    keys?.some((k) => JSON.stringify(k) === JSON.stringify(key)) ?? false;
  const staleOnly = (key: QueryKey) =>
    list.every((kind) => !has(WRITE_EFFECTS[kind], key) || has(NOT_REREAD_ON_SCREEN[kind], key));
  // Marked stale only: the learning-object reads of the opened learning objects, when known.
  const opened = scope.openedLearningObjects ? [...scope.openedLearningObjects] : null;
  const staleKeys = (queryKey: QueryKey): readonly QueryKey[] =>
    opened && has([learningKeys.allLearningObjects], queryKey)
      ? opened.map((id) => learningKeys.learningObjectAll(id))
      : [queryKey];
  await Promise.all(
    readsTouchedByAll(list).flatMap((queryKey) =>
      staleOnly(queryKey)
        ? staleKeys(queryKey).map((key) => client.invalidateQueries({ queryKey: key, refetchType: 'none' }))
        : [client.invalidateQueries({ queryKey })],
    ),
  );
}
