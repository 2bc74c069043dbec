import { Link } from '@tanstack/react-router';
import type { User } from '../../../domain/persons.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { Permitted } from '../../components/ui/permitted.tsx';
import { Card, DescriptionList, Empty } from '../../components/ui/description-list.tsx';
import { PageHeader, YesNo } from '../../components/ui/page-header.tsx';
import { useRecordStamps } from '../../components/ui/record-stamps.tsx';
import { RecordById } from '../../components/ui/record-page.tsx';
import { userQuery } from './queries.ts';
import { Token } from '../../components/ui/token.tsx';

/** A user's page (also shown in the side panel). */
export function UserScreen({ personId }: { personId: string }) {
  return <RecordById query={userQuery} id={personId} label="Loading user…">{(data) => <UserDetail user={data} />}</RecordById>;
}

function UserDetail({ user }: { user: User }) {
  const stamps = useRecordStamps(user);
  const titleId = `user-${user.id}-title`;
  return (
    <article aria-labelledby={titleId} className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <PageHeader
        titleId={titleId}
        title={user.name}
        description={user.email}
        back={
          <Link to="/practice/users" className="text-brand-700 hover:underline dark:text-brand-300">
            <span aria-hidden="true">← </span>Users
          </Link>
        }
        actions={
          <>
            <Link className={buttonClass('secondary')} to="/practice/persons/$personId" params={{ personId: user.personId }}>
              View person
            </Link>
            <Permitted requires={{ resource: '/person/users/{id}', method: 'PATCH' }}>
              <Link className={buttonClass()} to="/practice/users/edit/$personId" params={{ personId: user.id }}>
                Edit
              </Link>
            </Permitted>
          </>
        }
      />
      <Card title="User" titleId={`${titleId}-details`}>
        <DescriptionList
          items={[
            { label: 'Id', value: <Token value={user.id} label="Id" /> },
            { label: 'Name', value: user.name },
            { label: 'Email', value: user.email },
            { label: 'Principal Id', value: <Token value={user.principalId} label="Principal Id" /> },
            { label: 'Source', value: user.source ?? <Empty /> },
            { label: 'Okta Id', value: user.oktaId ?? <Empty /> },
            { label: 'Active', value: <YesNo value={user.active} /> },
            { label: 'Role', value: user.userPolicy.accessPolicy.role ?? <Empty /> },
            { label: 'Instance administrator', value: <YesNo value={user.instanceAdmin} /> },
            ...stamps,
          ]}
        />
      </Card>
    </article>
  );
}
