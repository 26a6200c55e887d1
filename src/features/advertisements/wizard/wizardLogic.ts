import { fromPromise } from 'xstate';
import { type Advertisement, draftOf } from '../../../../contracts/advertisements.ts';
import { adWizardMachine, type WizardAd } from '../../../../machines/adWizardMachine.ts';
import { getAdvertisement } from '../api/get-advertisement.ts';
import { listAdvertisements } from '../api/list-advertisements.ts';
import { saveAdvertisement } from '../api/save-advertisement.ts';
import { submitAdvertisement } from '../api/submit-advertisement.ts';
import { uploadAdImages } from '../api/upload-ad-images.ts';

const toWizardAd = (ad: Advertisement): WizardAd => ({
  id: ad.id,
  status: ad.status,
  is_first: ad.is_first,
  reject_reason: ad.reject_reason,
  draft: draftOf(ad),
});

/**
 * The wizard's API calls, provided once here, outside any component (issue 28 point 4, ADR 0183): the machine
 * names the actors `load`, `save`, `upload` and `submit`; this module gives them the feature's api/ calls.
 */
export const wizardLogic = adWizardMachine.provide({
  actors: {
    load: fromPromise(async ({ input, signal }) => {
      if (input.adId) return toWizardAd(await getAdvertisement(input.adId, signal));
      // Another device or a reload resumes the shop's newest draft.
      const drafts = await listAdvertisements({ shop_id: input.shopId, status: '下書き' }, signal);
      return drafts.items[0] ? toWizardAd(drafts.items[0]) : null;
    }),
    save: fromPromise(async ({ input }) =>
      toWizardAd(await saveAdvertisement(input.shopId, input.adId, draftOf(input.draft))),
    ),
    upload: fromPromise(async ({ input }) => {
      // The draft is saved first, so a new request has an id and the typed text is kept.
      const saved = await saveAdvertisement(input.shopId, input.adId, draftOf(input.draft));
      return toWizardAd(await uploadAdImages(saved.id, input.files));
    }),
    submit: fromPromise(async ({ input }) => {
      const saved = await saveAdvertisement(input.shopId, input.adId, draftOf(input.draft));
      return toWizardAd(await submitAdvertisement(saved.id));
    }),
  },
});
