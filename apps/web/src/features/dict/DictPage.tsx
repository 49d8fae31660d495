import { type DictEntry, DICT_BASES } from '@macro/contract';
import { Col, Row } from 'antd';
import { useState } from 'react';
import { ChildDictTable } from './ChildDictTable';
import { DictDialog } from './DictDialog';
import { ParentDictTable } from './ParentDictTable';
import type { DictDialogState } from './types';
import './dict.css';

/** The screen manages system dictionaries; the same components serve /dict-biz with its base. */
const base = DICT_BASES.system;

export function DictPage() {
  const [parent, setParent] = useState<DictEntry | null>(null);
  const [dialog, setDialog] = useState<DictDialogState | null>(null);
  // Each opening mounts a fresh dialog, so no value of the previous form survives into the next.
  const [dialogKey, setDialogKey] = useState(0);
  const openDialog = (state: DictDialogState) => {
    setDialogKey((key) => key + 1);
    setDialog(state);
  };
  return (
    <div data-testid="dict-page">
      <Row gutter={[16, 16]}>
        {/* Side by side only where both tables fit (spec widths: actions 250 and 300). */}
        <Col xs={24} xxl={10}>
          <ParentDictTable base={base} selected={parent} onSelect={setParent} onOpenDialog={openDialog} />
        </Col>
        <Col xs={24} xxl={14}>
          <ChildDictTable key={parent?.id ?? 'none'} base={base} parent={parent} onOpenDialog={openDialog} />
        </Col>
      </Row>
      <DictDialog key={dialogKey} base={base} state={dialog} rootCode={parent?.code} onClose={() => setDialog(null)} />
    </div>
  );
}
