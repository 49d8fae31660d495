import { AUTH_ENDPOINTS } from '@macro/contract/auth';
import { USER_ENDPOINTS, type UserRecord } from '@macro/contract/users';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { callEndpoint, queriesOf, useEndpointMutation } from '../../api/endpoint';
import { WARNING_SECONDS } from '../../components/feedback';

/** The lists and details that show a user's lock. */
const SHOWN = [USER_ENDPOINTS.page, USER_ENDPOINTS.restPage, USER_ENDPOINTS.detail];

/**
 * An administrator's account-security actions on chosen users: unlock a sign-in lock at once,
 * and reset passwords to the configured reset password, which the confirmation states
 * as the server tells it: the console never holds it.
 */
export function useAccountSecurity() {
  const { t } = useTranslation('users');
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries(queriesOf(SHOWN));
  const unlock = useEndpointMutation(AUTH_ENDPOINTS.unlock, { onSuccess: refresh });
  const reset = useEndpointMutation(AUTH_ENDPOINTS.resetPassword, { onSuccess: refresh });

  const chosen = (users: readonly UserRecord[]) => {
    if (users.length) return true;
    message.warning(t('common:selectFirst'), WARNING_SECONDS);
    return false;
  };
  const named = (users: readonly UserRecord[]) => (users.length === 1 ? { name: users[0].account } : { count: users.length });

  return {
    unlock(users: readonly UserRecord[]) {
      if (!chosen(users)) return;
      modal.confirm({
        title: t('unlock.title'),
        content: t(users.length === 1 ? 'unlock.one' : 'unlock.many', named(users)),
        okText: t('common:ok'),
        cancelText: t('common:cancel'),
        okButtonProps: { 'data-testid': 'user-unlock-confirm' },
        onOk: () =>
          unlock
            .mutateAsync({ body: { userIds: users.map((u) => u.id) } })
            .then(({ unlocked }) => message.success(unlocked ? t('unlock.done', { count: unlocked }) : t('unlock.noneLocked')))
            .catch(() => undefined),
      });
    },
    async resetPassword(users: readonly UserRecord[]) {
      if (!chosen(users)) return;
      const value = await callEndpoint(AUTH_ENDPOINTS.resetPasswordValue, {}).catch(() => null);
      if (!value) return;
      modal.confirm({
        title: t('reset.title'),
        content: t(users.length === 1 ? 'reset.one' : 'reset.many', { ...named(users), password: value.password }),
        okText: t('common:ok'),
        cancelText: t('common:cancel'),
        okButtonProps: { danger: true, 'data-testid': 'user-reset-confirm' },
        onOk: () =>
          reset
            .mutateAsync({ body: { userIds: users.map((u) => u.id) } })
            .then(() => message.success(t('reset.done', { password: value.password })))
            .catch(() => undefined),
      });
    },
  };
}
