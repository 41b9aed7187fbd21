import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { formatDate, parseTypedDay, parseTypedTime } from '../time';

type TypedInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  /** The value in its machine form ("2025-07-05", "13:30"); '' for none. */
  value: string;
  /** Called with the machine form, or '' while the text is empty or not (yet) a valid value. */
  onChange: (value: string) => void;
};

type Format = { show: (value: string) => string; parse: (text: string) => string | null; placeholder: string; invalid: string };

const dayFormat: Format = { show: formatDate, parse: parseTypedDay, placeholder: 'dd/mm/yyyy', invalid: 'Enter a day as dd/mm/yyyy, for example 05/07/2025.' };
const timeFormat: Format = { show: (value) => value, parse: parseTypedTime, placeholder: 'hh:mm', invalid: 'Enter a 24-hour time as hh:mm, for example 14:00.' };

/**
 * A text field in the site's own format, whatever the browser's language: the browsers' date and time pickers write
 * the day and the hour as their locale does (mm/dd/yyyy, 1:30 PM), unlike every other page.
 */
function TypedInput({ format, value, onChange, ...rest }: TypedInputProps & { format: Format }) {
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => (value ? format.show(value) : ''));
  const [shown, setShown] = useState(value);
  // A value set from outside (a form cleared, a record loaded) replaces the text; the text's own value does not.
  if (value !== shown) {
    setShown(value);
    if (value !== (format.parse(text) ?? '')) setText(value ? format.show(value) : '');
  }
  const valid = text.trim() === '' || format.parse(text) !== null;

  useEffect(() => {
    input.current?.setCustomValidity(valid ? '' : format.invalid);
  }, [valid, format]);

  return (
    <input
      {...rest}
      ref={input}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={format.placeholder}
      value={text}
      aria-invalid={valid ? undefined : true}
      onChange={(event) => {
        setText(event.target.value);
        const parsed = format.parse(event.target.value) ?? '';
        setShown(parsed);
        onChange(parsed);
      }}
    />
  );
}

/** A calendar day typed as dd/mm/yyyy. */
export function DayInput(props: TypedInputProps) {
  return <TypedInput format={dayFormat} {...props} />;
}

/** A 24-hour time of day typed as hh:mm. */
export function TimeInput(props: TypedInputProps) {
  return <TypedInput format={timeFormat} {...props} />;
}
