/**
 * `/graduacao` (docs/product.md §2, §6: is_lxp_user only): the student's graduation courses from the
 * certificates API (`GET /contracts` → `erp_user_id` → `GET /grad/courses/?erp_user_id`) and
 * 'Abrir a plataforma de graduação': main v1 `POST /auth/sso/lxp` returns a one-time sign-in URL
 * (single use, 60 s) that opens in a new tab once it passes the SSO allowlist (`safeSsoUrl`).
 * The tab is opened on the click itself (so pop-up blockers allow it) and pointed at the URL
 * when it arrives; a blocked tab leaves a link on the page instead.
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getDocumentContracts, getGradCourses } from '../../services/api/certificates';
import { postLxpSso, ssoOrigins } from '../../services/api/home';
import { safeSsoUrl } from '../../services/navigation/safe-redirect';
import { PageLoading } from '../components/page-loading';
import { describeError, QueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { ScreenMessages } from '../components/screen-titles';
import { AreaMessages } from './messages';
import { ProgressWords } from '../components/vocabulary';
import { areasKeys } from '../../services/api/keys/areas';

export default function GraduationScreen() {
  const intl = useIntl();
  const heading = intl.formatMessage(ScreenMessages.graduation);
  usePageTitle(heading);
  const courses = useQuery({
    queryKey: areasKeys.gradCourses,
    queryFn: async ({ signal }) => {
      const contracts = await getDocumentContracts(signal);
      const erpUserId = contracts.find((c) => c.erp_user_id !== null)?.erp_user_id ?? null;
      return erpUserId === null ? [] : getGradCourses(erpUserId, signal);
    },
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [fallbackUrl, setFallbackUrl] = useState<string | null>(null);
  const sso = useMutation({ mutationFn: () => postLxpSso() });

  const open = () => {
    setProblem(null);
    setFallbackUrl(null);
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    sso.mutate(undefined, {
      onSuccess: ({ url }) => {
        const safe = safeSsoUrl(url, ssoOrigins());
        if (!safe) {
          tab?.close();
          setProblem(intl.formatMessage(AreaMessages.graduationUnsafe));
        } else if (tab) tab.location.href = safe;
        else setFallbackUrl(safe);
      },
      onError: (error) => {
        tab?.close();
        setProblem(intl.formatMessage(AreaMessages.graduationFailed, { message: describeError(intl, error) }));
      },
    });
  };

  return (
    <section className="page">
      <h1>{heading}</h1>
      <p>{intl.formatMessage(AreaMessages.graduationIntro)}</p>
      <p>
        <button type="button" className="button button-primary" onClick={open} disabled={sso.isPending}>
          {intl.formatMessage(AreaMessages.graduationOpen)}{' '}
          <span className="sr-only">{intl.formatMessage(AreaMessages.newTab)}</span>
        </button>
      </p>
      <div role="status">{sso.isPending ? intl.formatMessage(AreaMessages.graduationOpening) : ''}</div>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {fallbackUrl && (
        <p className="notice">
          {intl.formatMessage(AreaMessages.graduationBlocked)}{' '}
          <a href={fallbackUrl} target="_blank" rel="noopener noreferrer">
            {intl.formatMessage(AreaMessages.graduationOpen)}
          </a>
        </p>
      )}

      <h2>{intl.formatMessage(AreaMessages.graduationCourses)}</h2>
      {courses.isPending && <PageLoading />}
      {courses.isError && <QueryError error={courses.error} onRetry={() => void courses.refetch()} />}
      {courses.data && courses.data.length === 0 && <p>{intl.formatMessage(AreaMessages.graduationEmpty)}</p>}
      {courses.data && courses.data.length > 0 && (
        <ul className="card-grid">
          {courses.data.map((course) => (
            <li key={course.id} className="card">
              <h3 className="card-title">{course.name}</h3>
              <p className="card-text">{course.degree}</p>
              <p className="card-meta">
                <span className={`badge badge-${course.status === 'completed' ? 'completed' : 'in_progress'}`}>
                  {intl.formatMessage(
                    course.status === 'completed' ? ProgressWords.completed : ProgressWords.inProgress,
                  )}
                </span>{' '}
                <span>
                  {course.current_semester !== null && course.status !== 'completed'
                    ? intl.formatMessage(AreaMessages.semester, {
                        current: course.current_semester,
                        total: course.semesters,
                      })
                    : intl.formatMessage(AreaMessages.semesters, { total: course.semesters })}
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
