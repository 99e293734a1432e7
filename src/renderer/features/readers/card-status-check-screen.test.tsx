import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';
import { configureApiClient } from '../../lib/api-client.ts';
import { fakeGateway, refuse } from '../../kit/testing/fake-gateway.ts';
import { renderKit } from '../../kit/testing/render-kit.tsx';
import CardStatusCheckScreen from './card-status-check-screen.tsx';

const fill = (values: Record<string, string>) => {
  for (const [k, v] of Object.entries(values)) fireEvent.change(screen.getByTestId(`card-check-${k}`), { target: { value: v } });
};

beforeAll(() => initI18n('zh-CN'));
beforeEach(async () => {
  await changeLanguage('zh-CN');
});

describe('public card status check', () => {
  it('takes the school code from the address and shows the result of a full match', async () => {
    const gw = fakeGateway({
      'ReaderCard/PublicStatus': () => ({ MaskedName: '李*轩', Status: 'lost', ExpireAt: '2030-08-31', OpenLoans: 2, Overdue: 1 }),
    });
    renderKit(<CardStatusCheckScreen />, '/kit?schoolcode=BJSY01');
    expect(await screen.findByTestId('card-check-SchoolCode')).toHaveValue('BJSY01');
    fill({ CardNo: ' R1 ', Name: '李子轩' });
    fireEvent.click(screen.getByTestId('card-check-submit'));
    expect(await screen.findByTestId('card-check-result')).toBeInTheDocument();
    expect(gw.to('ReaderCard/PublicStatus')[0]!.body).toEqual({ SchoolCode: 'BJSY01', CardNo: 'R1', Name: '李子轩' });
    expect(screen.getByTestId('card-check-name')).toHaveTextContent('李*轩');
    expect(screen.getByTestId('card-check-status')).toHaveTextContent('已挂失');
    expect(screen.getByTestId('card-check-loans')).toHaveTextContent('2');
    expect(screen.getByTestId('card-check-overdue')).toHaveTextContent('1');
    await act(() => changeLanguage('en-US'));
    expect(screen.getByTestId('card-check-status')).toHaveTextContent('Reported lost');
  });

  it('says "no matching card" for a mismatch and "too many" when limited, in the current language', async () => {
    fakeGateway({ 'ReaderCard/PublicStatus': () => refuse('server text', 404) });
    renderKit(<CardStatusCheckScreen />);
    fill({ SchoolCode: 'BJSY01', CardNo: 'R1', Name: '某人' });
    fireEvent.click(screen.getByTestId('card-check-submit'));
    expect(await screen.findByTestId('card-check-error')).toHaveTextContent('没有找到匹配的读者证');
    await act(() => changeLanguage('en-US'));
    expect(screen.getByTestId('card-check-error')).toHaveTextContent('No matching reader card was found');

    // A 429 from the gateway.
    configureApiClient({
      fetch: async () => new Response(JSON.stringify({ code: 429, success: false, message: 'x', data: null }), { status: 429, headers: { 'content-type': 'application/json' } }),
    });
    fireEvent.click(screen.getByTestId('card-check-submit'));
    await waitFor(() => expect(screen.getByTestId('card-check-error')).toHaveTextContent('Too many checks, please try again later'));
    expect(screen.queryByTestId('card-check-result')).toBeNull();
  });

  it('asks for every field before calling', async () => {
    const gw = fakeGateway({});
    renderKit(<CardStatusCheckScreen />);
    fireEvent.click(await screen.findByTestId('card-check-submit'));
    expect(await screen.findByText('请输入学校代码')).toBeInTheDocument();
    expect(screen.getByText('请输入读者证号')).toBeInTheDocument();
    expect(gw.calls).toHaveLength(0);
  });
});
