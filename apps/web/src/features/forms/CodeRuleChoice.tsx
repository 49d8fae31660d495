import { CODE_RULE_ENDPOINTS } from '@macro/contract/coderules';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/endpoint';

/** The code rule an auto-number field takes its numbers from, chosen among the tenant's rules. */
export function CodeRuleChoice({ value, onChange }: { value?: number; onChange: (codeRule: number | undefined) => void }) {
  const { t } = useTranslation('forms');
  const rules = useEndpointQuery(CODE_RULE_ENDPOINTS.all, {});
  return (
    <Form.Item htmlFor="fp-code-rule" label={t('prop.codeRule')} required>
      <Select
        id="fp-code-rule"
        value={value}
        onChange={onChange}
        loading={rules.isLoading}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('designer.codeRuleRequired')}
        options={(rules.data ?? []).map((rule) => ({ value: rule.id, label: `${rule.name} (${rule.code})` }))}
        data-testid="prop-code-rule"
      />
    </Form.Item>
  );
}
