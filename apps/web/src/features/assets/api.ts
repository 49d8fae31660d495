import { ASSET_ENDPOINTS as E, type Asset, type AssetBody } from '@macro/contract/assets';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveRecord } from '../../components/crud/crudCache';
import { useConfirmRemove } from '../../components/crud/useConfirmRemove';

/** The asset register's calls, made from the contract's endpoints. */

const lists = [E.list];

export const useSaveAsset = () => useSaveRecord(E.save, { lists });
const useSubmitAssetCall = () => useSaveRecord(E.submit, { lists });

/** The fields of a saved asset, as save and submit take them back. */
export const bodyOf = (asset: Asset): AssetBody => ({
  id: asset.id,
  assetCode: asset.assetCode,
  assetName: asset.assetName,
  category: asset.category,
  model: asset.model,
  quantity: asset.quantity,
  unitPrice: asset.unitPrice,
  purchaseDate: asset.purchaseDate,
  deptId: asset.deptId,
  custodianId: asset.custodianId,
  location: asset.location,
  remark: asset.remark,
});

/** Asks, then submits a draft to the register (read-only afterwards). */
export function useConfirmSubmit() {
  const { t } = useTranslation('assets');
  const { modal, message } = App.useApp();
  const submit = useSubmitAssetCall();
  return (asset: Asset) =>
    modal.confirm({
      title: t('submit.title'),
      content: t('submit.question', { name: asset.assetName }),
      okText: t('submit.ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'asset-submit-confirm' },
      onOk: () =>
        submit
          .mutateAsync({ body: bodyOf(asset) })
          .then(() => message.success(t('submit.done', { name: asset.assetName })))
          // The failure toast comes from the query client; the dialog just closes.
          .catch(() => undefined),
    });
}

export function useRemoveAssets() {
  return useConfirmRemove({
    endpoint: E.remove,
    toInput: (ids) => ({ query: { ids: ids.join(',') } }),
    nameOf: (row: Asset) => row.assetName,
    messages: { one: 'assets:remove.one', many: 'assets:remove.many' },
    lists,
    testId: 'asset-remove-confirm',
  });
}
