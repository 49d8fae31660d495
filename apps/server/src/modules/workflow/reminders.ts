import { DEFAULT_LANGUAGE, translate } from '@macro/contract';
import type { ReminderPort } from '@macro/workflow';
import { sendSystemMessages } from '../notices/index.ts';

/**
 * A reminder of a task reaches each of its actors as a message in the console's bell, written in
 * the product's default language (a timer acts for nobody, so there is no reader's language).
 */
export const reminderPort: ReminderPort = {
  async remind(tx, reminder) {
    const count = reminder.times === undefined ? String(reminder.repetition) : `${reminder.repetition}/${reminder.times}`;
    const params = { node: reminder.nodeName, title: reminder.title, count };
    await sendSystemMessages(tx, reminder.userIds, {
      title: translate(DEFAULT_LANGUAGE, 'workflow.reminderTitle', params),
      content: translate(DEFAULT_LANGUAGE, 'workflow.reminderContent', params),
      at: reminder.at,
    });
  },
};
