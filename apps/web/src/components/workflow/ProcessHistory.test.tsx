import { LANGUAGES } from '@macro/contract';
import { HISTORY_ACTIONS, type HistoryRecord } from '@macro/contract/workflow';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en/tasks.json';
import ja from '../../i18n/ja/tasks.json';
import zh from '../../i18n/zh/tasks.json';
import { renderPage } from '../../test/render';
import { ProcessHistory } from './ProcessHistory';

let id = 0;
const record = (
  nodeName: string,
  nodeKind: string,
  event: string,
  action: string | null,
  userName: string,
  comment: string | null = null,
  candidateNames: string[] = [],
  targetName = '',
): HistoryRecord => ({
  id: ++id,
  nodeId: nodeName,
  nodeName,
  nodeKind,
  event,
  action,
  userId: userName ? id : null,
  userName,
  candidateNames,
  targetName,
  comment,
  stamp: null,
  time: '2026-11-26T09:30:00.000Z',
});

describe('the process timeline', () => {
  it('names who decided, but not who moved the process on; gateways, departures and flows stay out', async () => {
    await renderPage(
      <ProcessHistory
        testId="timeline"
        records={[
          record('申请', 'startEvent', 'enter', null, '采购员'),
          record('申请', 'startEvent', 'leave', 'start', '采购员'),
          record('f1', 'flow', 'flow', null, '采购员'),
          record('金额', 'exclusiveGateway', 'enter', null, '采购员'),
          record('金额', 'exclusiveGateway', 'leave', null, '采购员'),
          record('经理审批', 'userTask', 'enter', null, '采购员'),
          record('经理审批', 'userTask', 'operation', 'cc', '经理'),
          record('经理审批', 'userTask', 'operation', 'transfer', '经理', null, [], '王五'),
          record('经理审批', 'userTask', 'leave', 'reject', '经理', '请附报价单'),
          record('复核', 'userTask', 'leave', 'approve', '王五', null, ['张三', '李四', '王五']),
          record('结束', 'endEvent', 'enter', null, '经理'),
        ]}
      />,
    );
    const lines = screen.getByTestId('timeline').querySelectorAll('li');
    expect([...lines].map((line) => line.textContent?.slice('2026-11-26 09:30 · '.length))).toEqual([
      '申请 · 到达',
      '申请 · 采购员 · 提交',
      '经理审批 · 到达',
      '经理审批 · 经理 · 传阅',
      // A hand-over names whom the task went to.
      '经理审批 · 经理 · 转办 → 王五',
      '经理审批 · 经理 · 驳回 · 请附报价单',
      // A task given to several people: who was asked, then who acted.
      '复核 · 候选人：张三、李四、王五 · 王五 · 同意',
      '结束 · 到达',
    ]);
  });
});

describe('history action labels', () => {
  const events: Record<string, Record<string, string>> = { zh: zh.event, en: en.event, ja: ja.event };
  it.each(LANGUAGES)('%s names every action the engine writes on a history row', (language) => {
    const unlabelled = HISTORY_ACTIONS.filter((action) => !events[language]?.[action]?.trim());
    expect(unlabelled).toEqual([]);
  });

  it('shows a timer, a message and a version change in words, not as the engine’s codes', async () => {
    await renderPage(
      <ProcessHistory
        testId="timeline"
        records={[
          record('等待付款', 'messageCatch', 'leave', 'message', '', 'paymentConfirmed'),
          record('催办', 'boundaryTimer', 'leave', 'timeout', ''),
          record('流程', 'process', 'operation', 'changeVersion', '管理员', 'a→b'),
        ]}
      />,
    );
    const lines = [...screen.getByTestId('timeline').querySelectorAll('li')].map((line) => line.textContent?.slice('2026-11-26 09:30 · '.length));
    expect(lines).toEqual(['等待付款 · 收到消息 · paymentConfirmed', '催办 · 超时', '流程 · 管理员 · 变更版本 · a→b']);
  });
});
