import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Practitioner } from '../../../domain/persons.ts';
import { useAccountKey } from '../../lib/account.ts';
import { cn } from '../../lib/cn.ts';
import { practitionerPhotoQuery } from './queries.ts';

/** An object URL for a blob, revoked when the blob changes or the component goes. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

const initialsOf = (p: Pick<Practitioner, 'initials' | 'name'>) =>
  p.initials ||
  p.name
    .split(/\s+/)
    .map((part) => part[0])
    .slice(0, 2)
    .join('');

/** The practitioner's photo, or their initials in a circle when there is none. */
export function PractitionerAvatar({ practitioner, className }: { practitioner: Practitioner; className?: string }) {
  const account = useAccountKey();
  const photo = useQuery({
    ...practitionerPhotoQuery(account, practitioner.id, practitioner.photo ?? { contentType: 'image/png', size: 0, modifiedTimestamp: '', path: '' }),
    enabled: practitioner.photo !== null,
  });
  const url = useObjectUrl(practitioner.photo ? photo.data : null);
  const box = cn('h-28 w-28 shrink-0 rounded-full border border-slate-200 dark:border-slate-700', className);
  if (url) return <img src={url} alt={`Photo of ${practitioner.name}`} className={cn(box, 'object-cover')} />;
  if (practitioner.photo && photo.isPending) return <span role="img" aria-label="Loading photo" className={cn(box, 'animate-pulse bg-slate-200 dark:bg-slate-700')} />;
  return (
    <span role="img" aria-label={`No photo of ${practitioner.name}`} className={cn(box, 'flex items-center justify-center bg-brand-50 text-2xl font-semibold text-brand-800 dark:bg-slate-800 dark:text-brand-100')}>
      <span aria-hidden="true">{initialsOf(practitioner)}</span>
    </span>
  );
}
