import type { MessageInstance } from 'antd/es/message/interface';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedback, setFeedbackTarget } from './feedback';

describe('toasts from outside components', () => {
  afterEach(() => setFeedbackTarget(null));

  it('shows a warning for 2 seconds, errors and successes for antd’s default', () => {
    const target = { warning: vi.fn(), error: vi.fn(), success: vi.fn() };
    setFeedbackTarget(target as unknown as MessageInstance);
    feedback.warning('数据已被修改');
    feedback.error('出错了');
    feedback.success('已保存');
    expect(target.warning).toHaveBeenCalledWith('数据已被修改', 2);
    expect(target.error).toHaveBeenCalledWith('出错了');
    expect(target.success).toHaveBeenCalledWith('已保存');
  });
});
