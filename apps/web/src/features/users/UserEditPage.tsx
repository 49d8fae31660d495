import { USER_PERMISSIONS, type UserRecord } from '@macro/contract/users';
import { Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ForbiddenPage, NotFoundPage } from '../../shell/pages/ErrorPage';
import { useHasPermission } from '../../session/store';
import { useUserDetail } from './api';
import { USER_MENU_PATH } from './paths';
import { UserDialog } from './UserDialog';

/**
 * /controller/userEdit: a user's form on a page of its own, for links from other
 * screens — `?id=` edits that user, no id adds one. Closing it lands on the user list. It needs
 * the same button code the list's edit or add does (the server checks it again on save).
 */
export function UserEditPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('id');
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
  const editing = raw !== null;
  const allowed = useHasPermission(editing ? USER_PERMISSIONS.edit : USER_PERMISSIONS.add);
  const detail = useUserDetail(allowed ? id : undefined);
  if (!allowed) return <ForbiddenPage />;
  if (editing && (id === undefined || detail.isError)) return <NotFoundPage />;
  if (editing && !detail.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const record: UserRecord | undefined = detail.data;
  return <UserDialog state={record ? { mode: 'edit', record } : { mode: 'create' }} onClose={() => navigate(USER_MENU_PATH)} />;
}
