import { PasswordCard } from '../../shell/pages/PasswordPage';

/** Spec 000 §2 /info/setting: the password change (oldPassword, newPassword, newPassword1) inside the console. */
export function SettingPage() {
  return <PasswordCard embedded />;
}
