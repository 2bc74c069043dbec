import { useEffect, useRef, useState, type ComponentProps, type Ref } from 'react';

const focusable = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Moves the focus to the first control of `container` that says it is invalid (aria-invalid),
 * so a refused save leaves the user on what to mend; the control's aria-describedby reads its
 * message. A control that cannot take the focus itself hands it to its first focusable part.
 * Returns whether it found one.
 */
export function focusFirstInvalid(container: HTMLElement): boolean {
  for (const element of container.querySelectorAll<HTMLElement>('[aria-invalid="true"]')) {
    if (!element.checkVisibility()) continue;
    const target = element.matches(focusable) ? element : (element.querySelector<HTMLElement>(focusable) ?? element);
    if (target === element && !element.matches(focusable)) element.tabIndex = -1;
    target.focus();
    return true;
  }
  return false;
}

type FormProps = Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate'> & {
  /** Validates and saves (a TanStack Form's `handleSubmit`); the promise ends when the attempt has. */
  onSubmit(): unknown;
  ref?: Ref<HTMLFormElement>;
};

/**
 * Every form of the portal: no browser validation (the fields show the domain's messages), and
 * one behaviour after a refused save, whether the form's own check or the server (400/409 naming
 * fields) refused it: the focus goes to the first field to mend. It runs once the attempt is over
 * and React has shown its errors, so it follows the same path for every form.
 */
export function Form({ onSubmit, ref, ...props }: FormProps) {
  const own = useRef<HTMLFormElement>(null);
  const [attempts, setAttempts] = useState(0);
  useEffect(() => {
    if (attempts > 0 && own.current) focusFirstInvalid(own.current);
  }, [attempts]);
  return (
    <form
      {...props}
      ref={(element) => {
        own.current = element;
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
      }}
      noValidate
      // Ctrl+Enter (⌘Enter) saves from any field, a multi-line one included, where Enter adds a line.
      onKeyDown={(event) => {
        props.onKeyDown?.(event);
        if (event.defaultPrevented || event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
        if (event.nativeEvent.isComposing) return;
        event.preventDefault();
        event.stopPropagation();
        event.currentTarget.requestSubmit();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        // A dialog's form is a portal inside another form: its submit is not the outer form's.
        event.stopPropagation();
        void Promise.resolve(onSubmit())
          .catch(() => undefined)
          .finally(() => setAttempts((n) => n + 1));
      }}
    />
  );
}
