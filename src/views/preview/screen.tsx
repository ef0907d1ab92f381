/**
 * Learning-object preview (docs/product.md §2 `/lo/preview/{learningObject}`, public, no login): the
 * same content renderer as the viewer, read-only — no lifecycle actor, no outbox, so no
 * start/end is ever sent. The object is read with `getLearningObjectPreview`.
 */
import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { getLearningObjectPreview } from '../../services/api/lms';
import { ApiError } from '../../services/http/errors';
import { PageLoading } from '../components/page-loading';
import { QueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { parseId } from '../components/route-params';
import { LearningObjectContent } from '../learning-object/content';
import { TYPE_TEXT } from '../module/shared';
import { ModuleMessages } from '../module/messages';
import { PreviewMessages as M } from './messages';
import { AccessibilityButton } from '../accessibility/panel';
import { learningKeys } from '../../services/api/keys/learning';
import { ROUTE_PATHS } from '../../services/navigation/routes';

const noop = () => {};

export default function PreviewScreen({ learningObjectId }: { learningObjectId: string }) {
  const intl = useIntl();
  const id = parseId(learningObjectId);
  const query = useQuery({
    queryKey: learningKeys.preview(id),
    queryFn: ({ signal }) => getLearningObjectPreview(id ?? 0, signal),
    enabled: id !== null,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
  usePageTitle(query.data?.name ?? intl.formatMessage(M.badge));
  const unknown = id === null || (query.error instanceof ApiError && query.error.status === 404);

  let body;
  if (unknown) {
    body = (
      <>
        <h1>{intl.formatMessage(M.badge)}</h1>
        <p>{intl.formatMessage(M.notFound)}</p>
      </>
    );
  } else if (query.isError) {
    body = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.isPending) {
    body = <PageLoading />;
  } else {
    const lo = query.data;
    body = (
      <>
        <p className="badge badge-preview">{intl.formatMessage(M.badge)}</p>
        <h1>{lo.name}</h1>
        <p className="muted">{intl.formatMessage(ModuleMessages[TYPE_TEXT[lo.type]])}</p>
        <p className="notice">{intl.formatMessage(M.notice)}</p>
        <Suspense fallback={<PageLoading />}>
          <LearningObjectContent lo={lo} onFinish={noop} readOnly />
        </Suspense>
      </>
    );
  }
  return (
    <main id="conteudo" tabIndex={-1} className="public-main">
      <div className="public-toolbar">
        <AccessibilityButton />
      </div>
      <section className="page lo-page">
        {body}
        <p>
          <Link href={ROUTE_PATHS.login}>{intl.formatMessage(M.signIn)}</Link>
        </p>
      </section>
    </main>
  );
}
