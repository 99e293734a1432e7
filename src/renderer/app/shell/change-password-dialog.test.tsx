import '@testing-library/jest-dom/vitest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { configureApiClient } from '../../lib/api-client.ts';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { AppProviders } from '../app-providers.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';

let bodies: unknown[] = [];
let reply: { code: number; success: boolean; message: string; data: null };

beforeEach(async () => {
  initI18n('en-US');
  await changeLanguage('en-US');
  bodies = [];
  reply = { code: 0, success: true, message: '', data: null };
  configureApiClient({
    baseUrl: 'http://gw.test',
    strict: true,
    fetch: async (input, init) => {
      const req = input instanceof Request ? input : new Request(input, init);
      bodies.push(await req.json());
      return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
    },
  });
});

function open(policy: 'basic' | 'strong' = 'basic') {
  const onClose = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <ChangePasswordDialog open policy={policy} onClose={onClose} />
    </AppProviders>,
  );
  const fill = (name: string, v: string) => fireEvent.change(screen.getByTestId(`password-${name}`), { target: { value: v } });
  return { onClose, fill, submit: () => fireEvent.click(screen.getByTestId('change-password-submit')) };
}

describe('change password', () => {
  it('requires all three fields and a matching confirmation', async () => {
    const { fill, submit } = open();
    submit();
    expect(await screen.findByText('Please enter the old password')).toBeInTheDocument();
    fill('OldPassword', 'old-pass');
    fill('NewPassword', 'abcdef1');
    fill('ConfirmPassword', 'abcdef2');
    submit();
    expect(await screen.findByText('Two password entries are inconsistent')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('applies the school\'s strong policy', async () => {
    const { fill, submit } = open('strong');
    fill('OldPassword', 'old-pass');
    fill('NewPassword', 'abcdefgh1');
    fill('ConfirmPassword', 'abcdefgh1');
    submit();
    expect(await screen.findByText(/more than 8 characters/)).toBeInTheDocument();
  });

  it('shows the server\'s error in the dialog', async () => {
    reply = { code: 1, success: false, message: 'The old password is incorrect', data: null };
    const { fill, submit, onClose } = open();
    fill('OldPassword', 'wrong1');
    fill('NewPassword', 'abcdef1');
    fill('ConfirmPassword', 'abcdef1');
    submit();
    expect(await screen.findByTestId('change-password-error')).toHaveTextContent('The old password is incorrect');
    expect(bodies).toEqual([{ OldPassword: 'wrong1', NewPassword: 'abcdef1', ConfirmPassword: 'abcdef1' }]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on success', async () => {
    const { fill, submit, onClose } = open();
    fill('OldPassword', 'old-pass');
    fill('NewPassword', 'abcdef1');
    fill('ConfirmPassword', 'abcdef1');
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
