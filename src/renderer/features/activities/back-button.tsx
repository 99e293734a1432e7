import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

/** The portal's pages carry their own Back (the kiosk's frame has one): history, else `fallback`. */
export function BackButton({ fallback, label }: { fallback: string; label: string }) {
  const navigate = useNavigate();
  return (
    <Button startIcon={<ArrowBackIcon />} onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(fallback))} sx={{ alignSelf: 'flex-start' }}>
      {label}
    </Button>
  );
}
