import type { ReminderPort } from '@macro/workflow';
import { taskPath } from '@macro/contract/workflow';
import { sendSystemMessages } from '../notices/public.ts';

/**
 * A reminder of a task reaches each of its actors as a message in the console's bell, in each
 * reader's language, opening the task.
 */
export const reminderPort: ReminderPort = {
  async remind(tx, reminder) {
    const count = reminder.times === undefined ? String(reminder.repetition) : `${reminder.repetition}/${reminder.times}`;
    await sendSystemMessages(tx, reminder.userIds, {
      key: 'workflow.reminder',
      params: { node: reminder.nodeName, title: reminder.title, count },
      at: reminder.at,
      link: reminder.taskIds.length === 1 ? taskPath(reminder.taskIds[0]) : '',
    });
  },
};
