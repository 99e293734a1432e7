import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Logout from '@mui/icons-material/Logout';
import Password from '@mui/icons-material/Password';
import type { UserInfo } from '../../../shared/api/session.ts';
import { logout } from '../../lib/auth-flow.ts';

// The form stack (react-hook-form, zod resolver, text fields) loads only when the dialog opens.
const ChangePasswordDialog = lazy(() => import('./change-password-dialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })));

export function UserMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation('shell');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pwOpen, setPwOpen] = useState(false);
  return (
    <>
      <Button
        color="inherit"
        data-testid="user-menu-button"
        startIcon={<AccountCircle />}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none' }}
      >
        {user.Name || user.Account}
      </Button>
      <Menu anchorEl={anchor} open={anchor != null} onClose={() => setAnchor(null)}>
        <MenuItem
          data-testid="change-password"
          onClick={() => {
            setAnchor(null);
            setPwOpen(true);
          }}
        >
          <ListItemIcon><Password fontSize="small" /></ListItemIcon>
          {t('user.changePassword')}
        </MenuItem>
        <MenuItem
          data-testid="logout"
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          <ListItemIcon><Logout fontSize="small" /></ListItemIcon>
          {t('user.logout')}
        </MenuItem>
      </Menu>
      {pwOpen && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open policy={user.PasswordPolicy} onClose={() => setPwOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
