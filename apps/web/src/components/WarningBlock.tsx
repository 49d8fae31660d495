import { ExclamationCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import './warningBlock.css';

interface WarningBlockProps {
  title: ReactNode;
  subTitle?: ReactNode;
  /** The way out: usually one button. */
  extra?: ReactNode;
  className?: string;
  testId?: string;
}

/**
 * A warning in place of content that could not be shown (a page that did not load, data that
 * failed): laid out as antd's Result, without the illustrations that component always carries.
 */
export function WarningBlock({ title, subTitle, extra, className, testId }: WarningBlockProps) {
  return (
    <div className={className ? `warning-block ${className}` : 'warning-block'} data-testid={testId}>
      <ExclamationCircleFilled className="warning-block-icon" aria-hidden />
      <div className="warning-block-title">{title}</div>
      {subTitle ? <div className="warning-block-subtitle">{subTitle}</div> : null}
      {extra ? <div className="warning-block-extra">{extra}</div> : null}
    </div>
  );
}
