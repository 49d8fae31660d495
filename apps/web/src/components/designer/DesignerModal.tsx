import { Modal, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './designer.css';

/**
 * The frame of a designer (forms, desktops, and any designer to come): a modal as wide as the
 * screen allows, a spinner until the design has loaded, the design's own fields above, then its
 * panes (see DesignerPanes). Saving is the modal's OK button.
 */
export function DesignerModal({
  title,
  loaded,
  saving,
  onSave,
  onClose,
  maxWidth,
  testId,
  saveTestId,
  children,
}: {
  title: string;
  loaded: boolean;
  saving: boolean;
  /** Validates and saves; a refusal it has already shown (a failed validation) is swallowed here. */
  onSave: () => Promise<void>;
  onClose: () => void;
  /** The widest the modal grows, in pixels. */
  maxWidth: number;
  testId: string;
  saveTestId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => void onSave().catch(() => undefined)}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': saveTestId }}
      width={`min(${maxWidth}px, 100vw)`}
      style={{ top: 16, maxWidth: '100vw', paddingBottom: 0 }}
      destroyOnHidden
      data-testid={testId}
    >
      {loaded ? children : <Spin />}
    </Modal>
  );
}

/**
 * A designer's three panes, each under its heading: the palette (what can be added), the canvas
 * (the design), and the properties of what is chosen on it. Side by side on a wide screen, one
 * under the other on a narrow one.
 */
export function DesignerPanes({
  labels,
  palette,
  canvas,
  properties,
  className,
}: {
  labels: { palette: string; canvas: string; properties: string };
  palette: ReactNode;
  canvas: ReactNode;
  properties: ReactNode;
  /** Column widths and the like for one designer. */
  className?: string;
}) {
  return (
    <div className={`designer-panes${className ? ` ${className}` : ''}`}>
      <nav className="designer-pane designer-palette" aria-label={labels.palette}>
        <Typography.Title level={5}>{labels.palette}</Typography.Title>
        {palette}
      </nav>
      <section className="designer-pane" aria-label={labels.canvas}>
        <Typography.Title level={5}>{labels.canvas}</Typography.Title>
        {canvas}
      </section>
      <aside className="designer-pane" aria-label={labels.properties}>
        <Typography.Title level={5}>{labels.properties}</Typography.Title>
        {properties}
      </aside>
    </div>
  );
}
