import { createFileRoute } from '@tanstack/react-router';
import { PersonCreateScreen } from '../../../../features/persons/person-create-screen.tsx';

export const Route = createFileRoute('/_app/practice/person/create')({ component: PersonCreateScreen });
