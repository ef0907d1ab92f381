/**
 * /conta, 'Minha conta' (signed in): the student's account page. Each part is its own
 * section component, kept apart so that several people can work on the page:
 * - `<ProfileSection />` (`profile.tsx`, `GET/PUT /users/self`, CEP lookup) and `<BiometricsSection />`
 *   (`biometrics.tsx`, v2 `POST /biometrics/create`), first;
 * - `<ChangePasswordSection />` (`change-password.tsx`, `POST /auth/changePassword`);
 * - `<DeleteAccountSection />` (`delete-account.tsx`, `POST /users/self/delete`);
 * - `<StorageSection />` (`../downloads/storage-section.tsx`, docs/offline.md): space used and available,
 *   the downloads with 'Remover' — loaded lazily with the download effects, and mounted once the
 *   page has been committed (`AfterReveal`): the profile never waits for its chunk.
 */
import { Suspense, useContext } from 'react';
import { retryableLazy } from '../components/retryable-lazy';
import { useIntl } from 'react-intl';
import { AppServicesContext } from '../app-services';
import { AfterReveal } from '../components/after-reveal';
import { usePageTitle } from '../components/use-page-title';
import { ChangePasswordSection } from './change-password';
import { DeleteAccountSection } from './delete-account';
import { AccountSecurityMessages } from './security-messages';
import { ProfileSection } from './profile';

export { prefetchProfile as prefetchReads } from './profile';
import { BiometricsSection } from './biometrics';

const StorageSection = retryableLazy(() => import('../downloads/storage-section'));

export default function AccountScreen() {
  const intl = useIntl();
  const loadDownloads = useContext(AppServicesContext)?.loadDownloads;
  const title = intl.formatMessage(AccountSecurityMessages.pageTitle);
  usePageTitle(title);
  return (
    <div className="account-page">
      <h1>{title}</h1>
      {/* ---------- profile and identity photo ---------- */}
      <ProfileSection />
      <BiometricsSection />
      {/* ---------- password and account deletion ---------- */}
      <ChangePasswordSection />
      <DeleteAccountSection />
      {/* ---------- storage and downloads on this device ---------- */}
      {loadDownloads && (
        <AfterReveal>
          <Suspense fallback={null}>
            <StorageSection load={loadDownloads} />
          </Suspense>
        </AfterReveal>
      )}
    </div>
  );
}
