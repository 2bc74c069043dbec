import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'onChange' | 'checked'> & {
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  label: ReactNode;
  description?: ReactNode;
};

/** A native checkbox with its label beside it (clicking the label toggles it). */
export function Checkbox({ checked, onCheckedChange, label, description, className, id, ...props }: CheckboxProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const descriptionId = description ? `${inputId}-description` : undefined;
  return (
    <div data-slot="checkbox" className={cn('flex items-start gap-2', className)}>
      <input
        id={inputId}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-describedby={descriptionId}
        className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        {...props}
      />
      <div className="flex flex-col">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        {description ? (
          <span id={descriptionId} className="text-xs text-slate-600 dark:text-slate-400">
            {description}
          </span>
        ) : null}
      </div>
    </div>
  );
}
