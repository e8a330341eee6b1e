import { TextInput, type TextInputProps } from '@mantine/core';
import { useLang } from '../lib/use-lang';
import { dayInWords } from '../lib/dates';

/**
 * A calendar day (`YYYY-MM-DD`) picked with the device's own date picker, the day said in words in
 * the page's language under it: the field itself is drawn in the browser's language, so a French
 * screen on a phone set to English would show 11/04/2026 for 4 November.
 */
export function DayInput({ value, inWords = true, ...props }: Omit<TextInputProps, 'type' | 'description'> & { value: string; inWords?: boolean }) {
  const lang = useLang();
  // `inWords` false: the caller says the day itself (a period's two days in one sentence).
  const description = inWords ? dayInWords(value, lang) || ' ' : undefined;
  return <TextInput {...props} type="date" value={value} description={description} inputWrapperOrder={['label', 'input', 'description', 'error']} />;
}
