import type { SvgIconComponent } from '@mui/icons-material';
import AccountTree from '@mui/icons-material/AccountTree';
import Analytics from '@mui/icons-material/Analytics';
import Assessment from '@mui/icons-material/Assessment';
import AutoStories from '@mui/icons-material/AutoStories';
import Book from '@mui/icons-material/Book';
import Category from '@mui/icons-material/Category';
import Dashboard from '@mui/icons-material/Dashboard';
import Download from '@mui/icons-material/Download';
import Groups from '@mui/icons-material/Groups';
import Home from '@mui/icons-material/Home';
import Inventory from '@mui/icons-material/Inventory';
import Language from '@mui/icons-material/Language';
import LibraryBooks from '@mui/icons-material/LibraryBooks';
import LocalLibrary from '@mui/icons-material/LocalLibrary';
import MenuBook from '@mui/icons-material/MenuBook';
import Newspaper from '@mui/icons-material/Newspaper';
import People from '@mui/icons-material/People';
import Person from '@mui/icons-material/Person';
import Print from '@mui/icons-material/Print';
import QrCode from '@mui/icons-material/QrCode';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import RateReview from '@mui/icons-material/RateReview';
import Search from '@mui/icons-material/Search';
import Security from '@mui/icons-material/Security';
import Settings from '@mui/icons-material/Settings';
import Shelves from '@mui/icons-material/Shelves';
import School from '@mui/icons-material/School';
import Star from '@mui/icons-material/Star';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import SyncAlt from '@mui/icons-material/SyncAlt';
import TableChart from '@mui/icons-material/TableChart';
import Translate from '@mui/icons-material/Translate';
import Warning from '@mui/icons-material/Warning';
import Folder from '@mui/icons-material/Folder';
import Circle from '@mui/icons-material/CircleOutlined';

/**
 * Menus name an MUI icon ("MenuBook"); a fixed set is bundled (importing all of
 * @mui/icons-material would blow the first-load budget). Unknown names get a neutral dot.
 */
const ICONS: Record<string, SvgIconComponent> = {
  AccountTree, Analytics, Assessment, AutoStories, Book, Category, Dashboard, Download, Groups, Home,
  Inventory, Language, LibraryBooks, LocalLibrary, MenuBook, Newspaper, People, Person, Print, QrCode,
  ReceiptLong, RateReview, Search, Security, Settings, Shelves, School, Star, SwapHoriz, SyncAlt,
  TableChart, Translate, Warning, Folder,
};

export function menuIcon(name: string | undefined, hasChildren = false): SvgIconComponent {
  const key = (name ?? '').replace(/(Outlined|Rounded|Sharp|TwoTone)$/, '').replace(/^\w/, (c) => c.toUpperCase());
  return ICONS[key] ?? (hasChildren ? Folder : Circle);
}
