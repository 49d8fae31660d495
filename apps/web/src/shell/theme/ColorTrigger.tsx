import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import './theme.css';

interface ColorTriggerProps extends ComponentProps<'button'> {
  color: string;
  showText?: boolean;
  testId?: string;
}

/** The brand colour's button: the picker opens from it, and it stands alone while the picker loads. */
export function ColorTrigger({ color, showText = false, testId = 'color-picker', ...button }: ColorTriggerProps) {
  const { t } = useTranslation('shell');
  return (
    <button type="button" className="color-trigger" aria-label={t('look.colorOf', { color })} data-testid={testId} {...button}>
      <span className="color-trigger-swatch" style={{ background: color }} />
      {showText ? <span className="color-trigger-text">{color}</span> : null}
    </button>
  );
}
