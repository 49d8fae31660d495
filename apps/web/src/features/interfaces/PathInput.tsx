import { API_PREFIX } from '@macro/contract';
import { OPEN_PREFIX } from '@macro/contract/interfaces';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** Where an interface is called: `/api/open/<path>`. */
export const addressOf = (path: string) => `${API_PREFIX}${OPEN_PREFIX}/${path}`;

/** The path under /api/open, with the address it makes shown beneath as it is typed (a form widget). */
export function PathInput(props: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** The form checks the path when it loses focus. */
  onBlur?: () => void;
  disabled: boolean;
  placeholder?: string;
  testId: string;
}) {
  const { t } = useTranslation('interfaces');
  const hintId = `${props.id ?? props.testId}-address`;
  const path = props.value?.trim() ?? '';
  return (
    <>
      <Input
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange?.(event.target.value)}
        onBlur={props.onBlur}
        disabled={props.disabled}
        placeholder={props.placeholder}
        prefix={`${API_PREFIX}${OPEN_PREFIX}/`}
        spellCheck={false}
        aria-describedby={hintId}
        className="interface-mono"
        data-testid={props.testId}
      />
      <div id={hintId} className="interface-address-hint" data-testid={`${props.testId}-address`}>
        {t('form.addressHint')} <code className="interface-mono">{addressOf(path || t('form.pathSample'))}</code>
      </div>
    </>
  );
}
