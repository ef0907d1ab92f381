/**
 * Profile section of 'Minha conta' (docs/product.md §7 `GET /users/self`): reads the student with
 * `GET /users/self` (query key `accountKeys.self`), then shows the profile form
 * (`profile-form.tsx`: masked CPF / phone / CEP, CEP lookup, validation, `PUT /users/self`).
 *
 * The form is part of the screen's chunk: its input masks' library, imask (~12.5 KB gzip), is not —
 * it loads when the student first focuses or touches a masked field (`masked-input.tsx`), so the
 * form shows as soon as the data is in (docs/performance.md "/conta"). Loading, then the form; a
 * failed read shows the query error with a retry. 'Content visible' (`content-visible:account`)
 * is marked by the form, in the commit that shows the student's data.
 *
 * The profile is personal data and is never kept on the device (docs/offline.md "Personal data on
 * the device"): offline, before it was read on this page load, the section says so (whether the
 * read waits or is still under way when the platform stopped answering), and the read goes out when
 * the platform answers again.
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getUsersSelf } from '../../services/api/users';
import { accountKeys } from '../../services/api/keys/account';
import { QueryError } from '../components/query-error';
import { PageLoading } from '../components/page-loading';
import { useOnline } from '../components/use-online';
import { ProfileMessages } from './profile-messages';
import { ProfileForm } from './profile-form';

/** The student as `GET /users/self` answers (the section's read and its screen's startup read). */
const selfQuery = queryOptions({ queryKey: accountKeys.self, queryFn: () => getUsersSelf() });

/**
 * The startup read of 'Minha conta' (src/app/startup-reads.ts, `reads: 'screen'` in the route table),
 * asked for as soon as the app has booted on a page load of this screen — while the saved reads
 * are restored and the screen's code starts — with the same query options as the screen, so the
 * screen finds the answer in the query cache.
 * Resolves once settled; never rejects (a failure is left to the screen).
 */
export function prefetchProfile(client: QueryClient): Promise<void> {
  return client.prefetchQuery(selfQuery);
}

/** The profile section: loads the student, then shows the form. */
export function ProfileSection() {
  const intl = useIntl();
  const headingId = useId();
  const query = useQuery(selfQuery);
  const online = useOnline();
  return (
    <section aria-labelledby={headingId} className="account-section">
      <h2 id={headingId}>{intl.formatMessage(ProfileMessages.title)}</h2>
      {/* Offline while the read is still under way (the platform stopped answering mid-request)
          it says so too: never a spinner, never 'ainda não foi aberta' (docs/offline.md). */}
      {query.isPending && (query.fetchStatus === 'paused' || !online) ? (
        <p role="status" className="notice">
          {intl.formatMessage(ProfileMessages.offline)}
        </p>
      ) : query.isPending ? (
        <div className="profile-pending">
          <PageLoading />
        </div>
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ProfileForm user={query.data} />
      )}
    </section>
  );
}
