import { App } from 'antd';
import { useEffect } from 'react';
import { setFeedbackTarget } from './feedback';

export function FeedbackBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setFeedbackTarget(message);
    return () => setFeedbackTarget(null);
  }, [message]);
  return null;
}
