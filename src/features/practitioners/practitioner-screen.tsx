import { Link } from '@tanstack/react-router';
import type { Practitioner } from '../../../domain/persons.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { Chip } from '../../components/ui/chip.tsx';
import { RecordChips } from '../../components/ui/record-picker.tsx';
import { Card, DescriptionList, Empty } from '../../components/ui/description-list.tsx';
import { PageHeader, YesNo } from '../../components/ui/page-header.tsx';
import { useRecordStamps } from '../../components/ui/record-stamps.tsx';
import { RecordById } from '../../components/ui/record-page.tsx';
import { RecordSections } from '../../lib/record-sections.tsx';
import { PractitionerAvatar } from './practitioner-photo.tsx';
import { practitionerQuery } from './queries.ts';
import { Token } from '../../components/ui/token.tsx';

/** A practitioner's page (also shown in the side panel). */
export function PractitionerScreen({ personId }: { personId: string }) {
  return <RecordById query={practitionerQuery} id={personId} label="Loading practitioner…">{(data) => <PractitionerDetail practitioner={data} />}</RecordById>;
}

function PractitionerDetail({ practitioner: p }: { practitioner: Practitioner }) {
  const stamps = useRecordStamps(p);
  const titleId = `practitioner-${p.id}-title`;
  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title={p.name}
        description={[p.specialty, p.group].filter(Boolean).join(' · ') || 'Practitioner'}
        back={
          <Link to="/practice/practitioners" className="text-brand-700 hover:underline dark:text-brand-300">
            <span aria-hidden="true">← </span>Practitioners
          </Link>
        }
        actions={
          <>
            <Link className={buttonClass('secondary')} to="/practice/persons/$personId" params={{ personId: p.personId }}>
              View person
            </Link>
            <Permitted requires={{ resource: '/person/practitioners/{id}', method: 'PATCH' }}>
              <Link className={buttonClass()} to="/practice/practitioners/edit/$personId" params={{ personId: p.id }}>
                Edit
              </Link>
            </Permitted>
          </>
        }
      />
      <Card>
        <div className="flex flex-col gap-6 sm:flex-row">
          <PractitionerAvatar practitioner={p} />
          <DescriptionList
            className="flex-1"
            items={[
              { label: 'Id', value: <Token value={p.id} label="Id" /> },
              { label: 'Name', value: p.name },
              { label: 'Active', value: <YesNo value={p.active} /> },
              { label: 'Specialty', value: p.specialty ?? <Empty /> },
              { label: 'Group', value: p.group ?? <Empty /> },
              { label: 'Initials', value: p.initials ?? <Empty /> },
              { label: 'Pronunciation', value: p.pronunciation ?? <Empty /> },
              {
                label: 'Synonyms',
                value:
                  p.synonyms.length > 0 ? (
                    <ul aria-label="Synonyms" className="flex flex-wrap gap-2">
                      {p.synonyms.map((s) => (
                        <li key={s}>
                          <Chip>{s}</Chip>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <Empty />
                  ),
              },
              {
                label: 'Contact points',
                value: (
                  <RecordChips
                    label="Contact points"
                    itemName="contact point"
                    value={p.associations}
                    renderLink={(a) => (
                      <Link to="/practice/contact-points/$contactPointId" params={{ contactPointId: a.id }} className="underline-offset-2 hover:underline">
                        {a.name}
                      </Link>
                    )}
                  />
                ),
              },
              { label: 'Photo', value: p.photo ? `${p.photo.contentType === 'image/png' ? 'PNG' : 'JPEG'}, ${Math.max(1, Math.round(p.photo.size / 1024))} KB` : <Empty /> },
              ...stamps,
            ]}
          />
        </div>
      </Card>
      {/* The Tags section (features/tags), and any other section features add to practitioners. */}
      <RecordSections resourceType="Practitioner" resourceId={p.id} editable />
    </article>
  );
}
