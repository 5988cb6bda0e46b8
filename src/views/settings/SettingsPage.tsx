import { Link } from 'wouter';
import { AccountSettingsCard } from './AccountSettingsForm';
import { AppearanceCard } from './AppearanceCard';
import { ChangeEmailCard } from './ChangeEmailForm';
import { ChangePasswordCard } from './ChangePasswordForm';
import { TwoFactorCard } from './TwoFactorCard';
import '../auth/account.css';

/** /settings: needs no permission (SPEC §6). */
export default function SettingsPage() {
  return (
    <div className="page settings-page">
      <h1>Settings</h1>
      <AppearanceCard />
      <AccountSettingsCard />
      <ChangeEmailCard />
      <ChangePasswordCard endpoint="v1" title="Change password" />
      <TwoFactorCard />
      <p>
        <Link href="/users/settings">Edit your profile</Link>
      </p>
    </div>
  );
}
