import { FamilyLoans } from './family-loans.tsx';

/** /surrency/parents-br-records 家长借阅记录: every loan of a family's children, by child (family-loans.tsx). */
export default function FamilyRecordsScreen() {
  return <FamilyLoans kind="history" />;
}
