import { useNavigate } from '@tanstack/react-router';
import type { ComponentProps, MouseEvent } from 'react';

/**
 * A link to a path of the spec's route table that may belong to a later feature: plain clicks
 * navigate inside the app, modified clicks (new tab, new window) stay the browser's.
 */
export function NavLink({ to, onClick, ...props }: Omit<ComponentProps<'a'>, 'href'> & { to: string }) {
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ href: to });
  };
  return <a href={to} onClick={handleClick} {...props} />;
}
