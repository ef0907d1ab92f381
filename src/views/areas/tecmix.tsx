/**
 * `/tecmix` (docs/product.md §2, §6: is_eja_user only): youth and adult education — the stages and their
 * subjects with the student's progress (main v1 `GET /eja/stages`). Each subject's name links to
 * what it opens: its module (`/courses/{course_id}/modules/{module_id}`) or its course, which bears
 * the subject's name; the subject's progress is the server's progress of that same module or course;
 * a subject linked to nothing says 'Conteúdo ainda não disponível.'.
 */
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { getEjaStages } from '../../services/api/home';
import type { EjaSubject } from '../../services/contract/home';
import { PageLoading } from '../components/page-loading';
import { ProgressBar } from '../components/progress-bar';
import { QueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { ScreenMessages } from '../components/screen-titles';
import { AreaMessages } from './messages';
import { areasKeys } from '../../services/api/keys/areas';
import { courseLink, moduleLink } from '../../services/navigation/links';

export default function TecmixScreen() {
  const intl = useIntl();
  const heading = intl.formatMessage(ScreenMessages.tecmix);
  usePageTitle(heading);
  const query = useQuery({ queryKey: areasKeys.eja, queryFn: ({ signal }) => getEjaStages(signal) });
  return (
    <section className="page">
      <h1>{heading}</h1>
      <p>{intl.formatMessage(AreaMessages.tecmixIntro)}</p>
      {query.isPending && <PageLoading />}
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {query.data?.map((stage) => (
        <section key={stage.name} aria-label={stage.name}>
          <h2>{stage.name}</h2>
          <ProgressBar
            percent={stage.progress}
            label={intl.formatMessage(AreaMessages.stageProgress, { stage: stage.name })}
          />
          <ul className="card-grid">
            {stage.subjects.map((subject) => {
              const href = subjectHref(subject);
              return (
                <li key={subject.id} className="card">
                  <h3 className="card-title">{href ? <Link href={href}>{subject.name}</Link> : subject.name}</h3>
                  <ProgressBar percent={subject.progress} label={`${subject.name}: ${subject.progress}%`} />
                  {!href && <p className="muted">{intl.formatMessage(AreaMessages.subjectUnavailable)}</p>}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </section>
  );
}

/** Where an EJA subject leads: its module, else its course; null when the platform links none. */
export function subjectHref(subject: Pick<EjaSubject, 'course_id' | 'module_id'>): string | null {
  if (subject.course_id === null) return null;
  return subject.module_id === null ? courseLink(subject.course_id) : moduleLink(subject.course_id, subject.module_id);
}
