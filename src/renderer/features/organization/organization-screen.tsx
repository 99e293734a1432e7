import { LookupTable } from '../../kit/lookup-table/lookup-table.tsx';
import { contactResource } from './organization.resources.ts';

// The screen gate wraps every routed screen in its ScreenFrame (data-testid="screen-<path>").

/** /organization: the school's organisation contacts (offices and partner units). */
export default function OrganizationScreen() {
  return (
    <LookupTable config={{ resource: contactResource, fields: ['Name', 'EnName', 'Contact', 'Phone', 'Email', 'Address', 'Remark', 'Sort'] }} />
  );
}
