import { Space } from 'antd';
import { PasswordCard } from '../../shell/pages/PasswordPage';
import { NotifyCard } from './NotifyCard';

/** Spec 000 §2 /info/setting: the password change (oldPassword, newPassword, newPassword1) inside the console, and where one's messages go. */
export function SettingPage() {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PasswordCard embedded />
      <NotifyCard />
    </Space>
  );
}
