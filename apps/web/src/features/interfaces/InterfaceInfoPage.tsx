import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomInterfaces } from './CustomInterfaces';
import { ProductOperations } from './ProductOperations';
import './interfaces.css';

type InterfaceTab = 'custom' | 'catalogue';

/** /data/interface: the tenant's custom interfaces, and the product's own operations. */
export function InterfaceInfoPage() {
  const { t } = useTranslation('interfaces');
  const [tab, setTab] = useState<InterfaceTab>('custom');
  return (
    <div data-testid="interface-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as InterfaceTab)}
        items={[
          { key: 'custom', label: <span data-testid="interface-tab-custom">{t('tab.custom')}</span>, children: <CustomInterfaces /> },
          { key: 'catalogue', label: <span data-testid="interface-tab-catalogue">{t('tab.catalogue')}</span>, children: <ProductOperations /> },
        ]}
      />
    </div>
  );
}
