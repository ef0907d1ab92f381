/**
 * `/transito` (docs/product.md §2, §6: is_aprovat_user only — the route guard sends others to /home):
 * main v2 `POST /aprovat/user/create/external` creates (or returns) the student's account on the
 * traffic-education platform; the screen then shows its id, the modules of the CNH theory course
 * (main v1 `GET /aprovat/modules`) and 'Abrir plataforma de trânsito' (new tab; the address must
 * pass the SSO allowlist of `safeSsoUrl`).
 */
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { getTrafficModules, postAprovatExternalUser, ssoOrigins } from '../../services/api/home';
import { safeSsoUrl } from '../../services/navigation/safe-redirect';
import { PageLoading } from '../components/page-loading';
import { QueryError } from '../components/query-error';
import { usePageTitle } from '../components/use-page-title';
import { ScreenMessages } from '../components/screen-titles';
import { AreaMessages } from './messages';
import { areasKeys } from '../../services/api/keys/areas';

export default function TrafficScreen() {
  const intl = useIntl();
  const heading = intl.formatMessage(ScreenMessages.traffic);
  usePageTitle(heading);
  // The account call is idempotent: reading it like a query is safe (created once, then returned).
  const account = useQuery({
    queryKey: areasKeys.aprovatAccount,
    queryFn: ({ signal }) => postAprovatExternalUser(signal),
    staleTime: Infinity,
  });
  const modules = useQuery({
    queryKey: areasKeys.trafficModules,
    queryFn: ({ signal }) => getTrafficModules(signal),
    enabled: account.isSuccess,
  });
  const platformUrl = account.data ? safeSsoUrl(account.data.platform_url, ssoOrigins()) : null;
  return (
    <section className="page">
      <h1>{heading}</h1>
      <p>{intl.formatMessage(AreaMessages.trafficIntro)}</p>
      {account.isPending && <PageLoading />}
      {account.isError && <QueryError error={account.error} onRetry={() => void account.refetch()} />}
      {account.data && (
        <>
          <p>{intl.formatMessage(AreaMessages.trafficAccount, { id: account.data.external_id })}</p>
          {platformUrl && (
            <p>
              <a className="button button-primary" href={platformUrl} target="_blank" rel="noopener noreferrer">
                {intl.formatMessage(AreaMessages.trafficOpen)}{' '}
                <span className="sr-only">{intl.formatMessage(AreaMessages.newTab)}</span>
              </a>
            </p>
          )}
        </>
      )}
      {modules.isError && <QueryError error={modules.error} onRetry={() => void modules.refetch()} />}
      {modules.data && (
        <section aria-labelledby="traffic-modules-title">
          <h2 id="traffic-modules-title">{intl.formatMessage(AreaMessages.trafficModules)}</h2>
          <ol className="card-grid">
            {modules.data.map((module) => (
              <li key={module.id} className="card">
                <h3 className="card-title">{module.title}</h3>
                <p className="card-text">{module.summary}</p>
                <p className="card-meta">{intl.formatMessage(AreaMessages.hours, { hours: module.hours })}</p>
              </li>
            ))}
          </ol>
        </section>
      )}
    </section>
  );
}
