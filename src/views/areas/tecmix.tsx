/**
 * `/tecmix` (spec §2, §6: is_eja_user only): youth and adult education — the stages and their
 * subjects with the student's progress (main v1 `GET /eja/stages`).
 */
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { getEjaStages } from '../../services/api/home';
import { PageLoading } from '../components/page-loading';
import { ProgressBar } from '../components/progress-bar';
import { QueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { ScreenMessages } from '../placeholder/messages';
import { AreaMessages } from './messages';

export default function TecmixScreen() {
  const intl = useIntl();
  const heading = intl.formatMessage(ScreenMessages.tecmix);
  usePageTitle(heading);
  const query = useQuery({ queryKey: ['areas', 'eja'], queryFn: ({ signal }) => getEjaStages(signal) });
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
            {stage.subjects.map((subject) => (
              <li key={subject.id} className="card">
                <h3 className="card-title">{subject.name}</h3>
                <ProgressBar percent={subject.progress} label={`${subject.name}: ${subject.progress}%`} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
