export { ReminderSelector } from './reminder-selector';
