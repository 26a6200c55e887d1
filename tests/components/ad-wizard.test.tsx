// @vitest-environment jsdom
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  type AdDraft,
  type Advertisement,
  FIELD_MESSAGES,
  tokyoDate,
} from '../../contracts/advertisements.ts';
import { Wizard } from '../../src/features/advertisements/wizard/Wizard.tsx';

/**
 * Issue 13 and issue 28 point 4 (ADR 0183): the request wizard, one component per step, with its API calls
 * provided to the machine outside the component. Against stand-ins of the feature's api/ calls: the checks
 * before "next", the draft saved on "next" with the URL following the step, the browser's back, resuming a
 * draft at the URL's step, the confirm step's figures, submitting, and the question before leaving.
 */
configure({ asyncUtilTimeout: 5000 });

const api = vi.hoisted(() => ({
  getAdvertisement: vi.fn(),
  listAdvertisements: vi.fn(),
  saveAdvertisement: vi.fn(),
  submitAdvertisement: vi.fn(),
  uploadAdImages: vi.fn(),
}));
vi.mock('../../src/features/advertisements/api/get-advertisement.ts', () => ({
  getAdvertisement: api.getAdvertisement,
}));
vi.mock('../../src/features/advertisements/api/list-advertisements.ts', () => ({
  listAdvertisements: api.listAdvertisements,
}));
vi.mock('../../src/features/advertisements/api/save-advertisement.ts', () => ({
  saveAdvertisement: api.saveAdvertisement,
}));
vi.mock('../../src/features/advertisements/api/submit-advertisement.ts', () => ({
  submitAdvertisement: api.submitAdvertisement,
}));
vi.mock('../../src/features/advertisements/api/upload-ad-images.ts', () => ({
  uploadAdImages: api.uploadAdImages,
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const day = (offset: number) => tokyoDate(new Date(Date.now() + offset * 86_400_000));

/** An advertisement as the API answers it: the draft's fields and what the wizard shows beside them. */
const adOf = (id: number, draft: AdDraft, status: Advertisement['status'] = '下書き') =>
  ({ id, status, is_first: false, reject_reason: null, ...draft }) as unknown as Advertisement;

const FULL: AdDraft = {
  text: '#PR 季節のモンブラン',
  hashtags: ['渋谷カフェ'],
  landing_url: null,
  platforms: ['x'],
  units: 4,
  reward: 120,
  starts_on: day(1),
  ends_on: day(14),
  image_urls: [],
};

function mount(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Route path="/ad">
        <Wizard shopId={3} shopName="カフェ・テスト" shopScreenName="cafe-test" />
      </Route>
    </Router>,
  );
  return location;
}

describe('the request wizard (issue 13, issue 28 point 4)', () => {
  it('checks step 1 before "next", saves the new draft on "next" and the URL follows the step', async () => {
    api.listAdvertisements.mockResolvedValue({ items: [] });
    api.saveAdvertisement.mockImplementation(async (_shop: number, _id: number | null, fields: AdDraft) =>
      adOf(41, fields),
    );
    const user = userEvent.setup();
    const location = mount('/ad?step=1');
    expect(await screen.findByRole('heading', { name: 'ステップ1：依頼内容' })).toBeTruthy();
    expect(api.listAdvertisements.mock.calls[0]![0]).toEqual({ shop_id: 3, status: '下書き' });

    await user.click(screen.getByRole('button', { name: '次へ' }));
    expect(screen.getByText(FIELD_MESSAGES.textRequired)).toBeTruthy();
    expect(api.saveAdvertisement).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/紹介文/), 'モンブラン');
    expect((screen.getByLabelText(/紹介文/) as HTMLTextAreaElement).value).toBe('#PR モンブラン');
    expect(screen.getByLabelText('投稿のプレビュー').textContent).toContain('#PR モンブラン');
    await user.click(screen.getByRole('button', { name: '次へ' }));

    expect(await screen.findByRole('heading', { name: 'ステップ2：配信先' })).toBeTruthy();
    expect(api.saveAdvertisement.mock.calls[0]!.slice(0, 2)).toEqual([3, null]);
    expect(api.saveAdvertisement.mock.calls[0]![2].text).toBe('#PR モンブラン');
    await waitFor(() => expect(location.history!.at(-1)).toBe('/ad?step=2&id=41'));
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toBe('2. 配信先');

    // The browser's back: the URL's earlier step opens again.
    act(() => location.navigate('/ad?step=1&id=41'));
    expect(await screen.findByRole('heading', { name: 'ステップ1：依頼内容' })).toBeTruthy();
    expect((screen.getByLabelText(/紹介文/) as HTMLTextAreaElement).value).toBe('#PR モンブラン');
  });

  it('resumes a draft at the URL step, shows what it costs on step 4, and submits it', async () => {
    api.getAdvertisement.mockResolvedValue(adOf(52, FULL));
    api.saveAdvertisement.mockResolvedValue(adOf(52, FULL));
    api.submitAdvertisement.mockResolvedValue(adOf(52, FULL, '審査中'));
    const user = userEvent.setup();
    mount('/ad?step=4&id=52');
    expect(await screen.findByRole('heading', { name: 'ステップ4：確認・お支払い' })).toBeTruthy();
    expect(api.getAdvertisement.mock.calls[0]![0]).toBe(52);
    // contracts/pricing.ts: 4 × 120円 = 480円, fee 144円, tax 62円: 686円 at most.
    expect(screen.getByText('686円')).toBeTruthy();
    expect(screen.getByText('カフェ・テスト')).toBeTruthy();
    expect(screen.getByLabelText('フォーカスターに届く投稿').textContent).toContain('#PR 季節のモンブラン');

    await user.click(screen.getByRole('button', { name: 'この内容で審査に出す' }));
    expect(await screen.findByRole('heading', { name: '審査に出しました' })).toBeTruthy();
    expect(api.submitAdvertisement).toHaveBeenCalledWith(52);
  });

  it('never resumes past the first step with a problem; steps 2 and 3 show their own checks', async () => {
    api.getAdvertisement.mockResolvedValue(adOf(53, { ...FULL, units: null, reward: null }));
    const user = userEvent.setup();
    mount('/ad?step=4&id=53');
    expect(await screen.findByRole('heading', { name: 'ステップ2：配信先' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '次へ' }));
    expect(screen.getByText(FIELD_MESSAGES.unitsRequired)).toBeTruthy();
    expect(screen.getByText(FIELD_MESSAGES.rewardRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('投稿してほしい件数'), '４');
    expect(screen.queryByText(FIELD_MESSAGES.unitsRequired)).toBeNull();
    expect(screen.getByText(FIELD_MESSAGES.rewardRequired)).toBeTruthy();
  });

  it('asks before leaving with unsaved changes, and leaves for the list when told to', async () => {
    api.getAdvertisement.mockResolvedValue(adOf(54, FULL));
    const user = userEvent.setup();
    const location = mount('/ad?step=3&id=54');
    expect(await screen.findByRole('heading', { name: 'ステップ3：期間' })).toBeTruthy();
    await user.clear(screen.getByLabelText('終了日'));
    await user.click(screen.getByRole('button', { name: '中断する' }));
    const dialog = screen.getByRole('alertdialog', { name: '保存していない変更があります' });
    expect(dialog).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '入力を続ける' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: '中断する' }));
    await user.click(screen.getByRole('button', { name: '変更を捨てて移動する' }));
    await waitFor(() => expect(location.history!.at(-1)).toBe('/advertisements'));
  });
});
