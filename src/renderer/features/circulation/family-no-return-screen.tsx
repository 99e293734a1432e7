import { FamilyLoans } from './family-loans.tsx';

/** /surrency/parents-no-return 家长未还图书: a family's unreturned books, by child (family-loans.tsx). */
export default function FamilyNoReturnScreen() {
  return <FamilyLoans kind="open" />;
}
