/**
 * /conta, 'Minha conta' (signed in): the student's account page. Each part is its own
 * section component, kept apart so that several people can work on the page:
 * - `<ProfileSection />` (`profile.tsx`, `GET/PUT /users/self`, CEP lookup) and `<BiometricsSection />`
 *   (`biometrics.tsx`, v2 `POST /biometrics/create`), first;
 * - `<ChangePasswordSection />` (`change-password.tsx`, `POST /auth/changePassword`);
 * - `<DeleteAccountSection />` (`delete-account.tsx`, `POST /users/self/delete`).
 */
import { useIntl } from 'react-intl';
import { usePageTitle } from '../components/use-page-title';
import { ChangePasswordSection } from './change-password';
import { DeleteAccountSection } from './delete-account';
import { AccountSecurityMessages } from './security-messages';
import { ProfileSection } from './profile';
import { BiometricsSection } from './biometrics';

export default function AccountScreen() {
  const intl = useIntl();
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
    </div>
  );
}
