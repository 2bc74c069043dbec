import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { messages } from '../../../domain/messages.ts';
import { genders, languageLabel, type Person } from '../../../domain/persons.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { Card, DescriptionList, Empty } from '../../components/ui/description-list.tsx';
import { nameUseLabel } from './name-format.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useRecordStamps } from '../../components/ui/record-stamps.tsx';
import { useToast } from '../../lib/toast.ts';
import { RecordById } from '../../components/ui/record-page.tsx';
import { ApiRequestError } from '../../lib/api.ts';
import { MakeUserDialog } from './make-user-dialog.tsx';
import { personQuery, useMakePractitioner } from './queries.ts';
import { Token } from '../../components/ui/token.tsx';

/**
 * A person's page (also shown in the side panel): every stored field, and the record actions.
 * `actions`: header actions the route composes in from other features (Set up masked call).
 */
export function PersonScreen({ personId, actions, children }: { personId: string; actions?: ReactNode; children?: ReactNode }) {
  return (
    <RecordById query={personQuery} id={personId} label="Loading person…">
      {(data) => (
        <PersonDetail person={data} actions={actions}>
          {children}
        </PersonDetail>
      )}
    </RecordById>
  );
}

const genderLabel = (code: Person['gender']) => genders.find((g) => g.value === code)?.label;

/** `children`: sections the route composes in from other features (the person's interactions). */
function PersonDetail({ person, actions, children }: { person: Person; actions?: ReactNode; children?: ReactNode }) {
  const navigate = useNavigate();
  const toast = useToast();
  const makePractitioner = useMakePractitioner(person.id);
  const [userDialog, setUserDialog] = useState(false);
  const stamps = useRecordStamps(person);
  const titleId = `person-${person.id}-title`;

  const handleMakePractitioner = async () => {
    try {
      await makePractitioner.mutateAsync({});
    } catch (error) {
      // Already a practitioner (someone was quicker): that page is where the user wanted to go.
      if (!(error instanceof ApiRequestError && error.status === 409)) {
        toast('error', error instanceof ApiRequestError ? error.message : messages.serverError);
        return;
      }
    }
    void navigate({ to: '/practice/practitioners/$personId', params: { personId: person.id } });
  };

  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title={person.displayName || 'Unnamed person'}
        description={person.orgRole ?? 'Person'}
        back={
          <Link to="/practice/persons" className="text-brand-700 hover:underline dark:text-brand-300">
            <span aria-hidden="true">← </span>Persons
          </Link>
        }
        actions={
          <>
            {actions}
            {!person.userRecord ? (
              <Permitted requires={{ resource: '/person/users/{id}', method: 'POST' }}>
                <Button variant="secondary" onClick={() => setUserDialog(true)}>
                  Make user
                </Button>
              </Permitted>
            ) : null}
            {!person.practitionerRecord ? (
              <Permitted requires={{ resource: '/person/practitioners/{id}', method: 'POST' }}>
                <Button variant="secondary" onClick={() => void handleMakePractitioner()} pending={makePractitioner.isPending}>
                  {makePractitioner.isPending ? 'Making practitioner…' : 'Make practitioner'}
                </Button>
              </Permitted>
            ) : null}
            <Permitted requires={{ resource: '/person/persons/{id}', method: 'PATCH' }}>
              <Link className={buttonClass()} to="/practice/persons/edit/$personId" params={{ personId: person.id }}>
                Edit
              </Link>
            </Permitted>
          </>
        }
      />

      <Card title="Names" titleId={`${titleId}-names`}>
        {/* On a phone each name is a card of labelled lines, so nothing scrolls sideways. */}
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm max-sm:block">
            <caption className="sr-only">Names of {person.displayName}</caption>
            <thead className="text-slate-600 max-sm:sr-only dark:text-slate-300">
              <tr>
                <th scope="col" className="py-1.5 pr-4 font-medium">
                  Name
                </th>
                <th scope="col" className="py-1.5 pr-4 font-medium">
                  Usage
                </th>
                <th scope="col" className="py-1.5 pr-4 font-medium">
                  Prefix
                </th>
                <th scope="col" className="py-1.5 pr-4 font-medium">
                  Suffix
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  Period
                </th>
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {person.name.map((entry, index) => (
                <tr key={index} className="border-t border-slate-100 max-sm:block max-sm:py-2 dark:border-slate-800">
                  <td data-label="Name" className="py-1.5 pr-4 font-medium max-sm:flex max-sm:gap-2 max-sm:py-0.5 max-sm:before:w-16 max-sm:before:shrink-0 max-sm:before:font-normal max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-300">
                    {[...entry.given, entry.family].join(' ')}
                    {index === 0 ? <span className="ml-2 text-xs font-normal text-slate-600 dark:text-slate-400">(shown in lists)</span> : null}
                  </td>
                  <td data-label="Usage" className="py-1.5 pr-4 max-sm:flex max-sm:gap-2 max-sm:py-0.5 max-sm:before:w-16 max-sm:before:shrink-0 max-sm:before:font-normal max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-300">{nameUseLabel(entry.use)}</td>
                  <td data-label="Prefix" className="py-1.5 pr-4 max-sm:flex max-sm:gap-2 max-sm:py-0.5 max-sm:before:w-16 max-sm:before:shrink-0 max-sm:before:font-normal max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-300">{entry.prefix.join(', ') || <Empty />}</td>
                  <td data-label="Suffix" className="py-1.5 pr-4 max-sm:flex max-sm:gap-2 max-sm:py-0.5 max-sm:before:w-16 max-sm:before:shrink-0 max-sm:before:font-normal max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-300">{entry.suffix.join(', ') || <Empty />}</td>
                  <td data-label="Period" className="py-1.5 max-sm:flex max-sm:gap-2 max-sm:py-0.5 max-sm:before:w-16 max-sm:before:shrink-0 max-sm:before:font-normal max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-300">{entry.period ? `${entry.period.start ?? '…'} – ${entry.period.end ?? '…'}` : <Empty />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>

      <Card title="Details" titleId={`${titleId}-details`}>
        <DescriptionList
          items={[
            { label: 'Id', value: <Token value={person.id} label="Id" /> },
            { label: 'Gender', value: genderLabel(person.gender) ?? <Empty /> },
            { label: 'Organizational Role', value: person.orgRole ?? <Empty /> },
            {
              label: 'Communication',
              value:
                person.communication.length > 0 ? (
                  <ul className="flex flex-wrap gap-x-3 gap-y-1">
                    {person.communication.map((c) => (
                      <li key={c.code}>
                        {languageLabel(c.code)}
                        {c.preferred ? <span className="ml-1 rounded bg-brand-50 px-1.5 text-xs text-brand-800 dark:bg-slate-800 dark:text-brand-100">preferred</span> : null}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <Empty />
                ),
            },
            {
              label: 'Practitioner',
              value: person.practitionerRecord ? (
                <Link to="/practice/practitioners/$personId" params={{ personId: person.id }} className="text-brand-700 underline dark:text-brand-300">
                  Yes, view practitioner
                </Link>
              ) : (
                'No'
              ),
            },
            {
              label: 'User',
              value: person.userRecord ? (
                <Link to="/practice/users/$personId" params={{ personId: person.id }} className="text-brand-700 underline dark:text-brand-300">
                  Yes, view user
                </Link>
              ) : (
                'No'
              ),
            },
            ...stamps,
          ]}
        />
      </Card>

      {children}

      <MakeUserDialog
        personId={person.id}
        personName={person.displayName}
        open={userDialog}
        onOpenChange={setUserDialog}
        onCreated={() => {
          setUserDialog(false);
          toast('success', `${person.displayName} is now a user.`);
        }}
      />
    </article>
  );
}
