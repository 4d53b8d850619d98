export { DateField, dateText, minuteText } from './date-field';
