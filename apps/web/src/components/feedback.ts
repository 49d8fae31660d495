import type { MessageInstance } from 'antd/es/message/interface';

/** Spec 000 §8: a transient warning toast lasts 2 seconds. */
export const WARNING_SECONDS = 2;

let message: MessageInstance | null = null;

/**
 * Toasts for code outside components (query caches). The shell's FeedbackBridge plugs in antd's
 * App-context message API, which follows ConfigProvider (the static API would not); this module
 * itself stays free of antd so the sign-in page does not load it.
 */
export function setFeedbackTarget(target: MessageInstance | null): void {
  message = target;
}

export const feedback = {
  error(text: string) {
    message?.error(text);
  },
  success(text: string) {
    message?.success(text);
  },
  warning(text: string) {
    message?.warning(text, WARNING_SECONDS);
  },
};
