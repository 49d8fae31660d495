import { BugOutlined, CameraOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../../errors/errorLog';
import { useShellSettings } from '../settings';

// The dialogs (and the screenshot library) load when first opened, never with the shell.
const LogDialog = lazy(() => import('./LogDialog'));
const FeedbackDialog = lazy(() => import('./FeedbackDialog'));

/** Top-bar buttons of the log dialog (with the count of errors kept) and the feedback dialog. */
export function ReportButtons() {
  const { t } = useTranslation('logs');
  const count = useErrorLog((s) => s.errors.length);
  const [open, setOpen] = useState<'log' | 'feedback' | null>(null);
  const close = () => setOpen(null);
  // The settings drawer's "debug logging" and "feedback screenshot" switches show or hide each button.
  const showDebug = useShellSettings((s) => s.showDebug);
  const showFeedback = useShellSettings((s) => s.showFeedback);
  return (
    <>
      {showDebug ? (
        <Tooltip title={t('button.log')}>
          <Badge count={count} size="small" offset={[-4, 4]}>
            <Button type="text" icon={<BugOutlined />} aria-label={t('button.log')} data-testid="log-button" onClick={() => setOpen('log')} />
          </Badge>
        </Tooltip>
      ) : null}
      {showFeedback ? (
        <Tooltip title={t('feedback.tooltip')}>
          <Button type="text" icon={<CameraOutlined />} aria-label={t('feedback.tooltip')} data-testid="feedback-button" onClick={() => setOpen('feedback')} />
        </Tooltip>
      ) : null}
      <Suspense fallback={null}>
        {open === 'log' ? <LogDialog onClose={close} /> : null}
        {open === 'feedback' ? <FeedbackDialog onClose={close} /> : null}
      </Suspense>
    </>
  );
}
