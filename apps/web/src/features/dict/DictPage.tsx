import type { DictEntry, DictKind } from '@macro/contract/dict';
import { Col, Row } from 'antd';
import { useState } from 'react';
import { DictDialog } from './DictDialog';
import { ChildDictList, ParentDictList } from './DictLists';
import type { DictDialogState } from './types';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';

/** The screen manages system dictionaries; the same components serve the business family. */
const kind: DictKind = 'system';

export function DictPage() {
  const [parent, setParent] = useState<DictEntry | null>(null);
  const { dialog, dialogKey, open: openDialog, close: closeDialog } = useKeyedDialog<DictDialogState>();
  // Each opening mounts a fresh dialog, so no value of the previous form survives into the next.
  return (
    <div data-testid="dict-page">
      <Row gutter={[16, 16]}>
        {/* Side by side only where both tables fit (spec widths: actions 250 and 300). */}
        <Col xs={24} xxl={10}>
          <ParentDictList kind={kind} selected={parent} onSelect={setParent} onOpenDialog={openDialog} />
        </Col>
        <Col xs={24} xxl={14}>
          <ChildDictList key={parent?.id ?? 'none'} kind={kind} parent={parent} onOpenDialog={openDialog} />
        </Col>
      </Row>
      <DictDialog key={dialogKey} kind={kind} state={dialog} rootCode={parent?.code} onClose={closeDialog} />
    </div>
  );
}
