import { LOG_ENDPOINTS as E, type LogRecord, type LogType } from '@macro/contract/logs';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The log screen's calls, made from the contract's endpoints. */

export function useRemoveLog(type: LogType) {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ params: { id: String(ids[0]) }, query: { type } }),
    nameOf: (log: LogRecord) => log.message,
    messages: { one: 'logs:page.removeOne', many: 'logs:page.removeOne' },
    lists: [E.page],
    testId: 'log-remove-confirm',
  });
}

/** Clear one kind of log, after asking; the lists refetch. */
export function useClearLogs() {
  const { t } = useTranslation('logs');
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const clear = useEndpointMutation(E.clear, {
    onSuccess: () => client.invalidateQueries({ queryKey: [E.page.operationId] }),
  });
  return (type: LogType) =>
    modal.confirm({
      title: t('page.clear'),
      content: t('page.clearConfirm', { type: t(`type.${type}`) }),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true, 'data-testid': 'log-clear-all-confirm' } as never,
      onOk: async () => {
        await clear.mutateAsync({ params: { type } });
        message.success(t('page.cleared'));
      },
    });
}

export const useFeedbackImage = (id: number | null) =>
  useEndpointQuery(E.feedbackImage, { params: { id: String(id ?? 0) } }, { enabled: id !== null, staleTime: 5 * 60_000 });
