import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClass } from './field.tsx';

export type SelectOption = { value: string; label: string };

type SelectProps = Omit<ComponentProps<'select'>, 'children' | 'onChange' | 'value'> & {
  value: string;
  onValueChange(value: string): void;
  options: readonly SelectOption[];
  /** Shown as the empty choice ('' value), e.g. 'Select a gender'. */
  placeholder?: string;
};

/** A native select: the browser's own keyboard and screen-reader behaviour, styled like the inputs. */
export function Select({ value, onValueChange, options, placeholder, className, ...props }: SelectProps) {
  return (
    <select data-slot="select" className={cn(controlClass, 'pr-8', className)} value={value} onChange={(event) => onValueChange(event.target.value)} {...props}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
