import { Link } from 'wouter';
import { ChangePasswordCard } from './ChangePasswordForm';
import { ProfileInformationCard } from './ProfileInformationForm';
import '../auth/account.css';

/** /users/settings: the signed-in user's own profile (Fortify's profile and password routes). */
export default function UserSettingsPage() {
  return (
    <div className="page settings-page">
      <h1>Your profile</h1>
      <ProfileInformationCard />
      <ChangePasswordCard endpoint="fortify" title="Update password" />
      <p>
        <Link href="/settings">Account settings</Link>
      </p>
    </div>
  );
}
