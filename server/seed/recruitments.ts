import { and, eq, inArray, notInArray } from 'drizzle-orm';
import sharp from 'sharp';
import { entryIdsHash, newSeed, rankEntries } from '../features/recruitments/lottery.ts';
import { entries, type RecruitmentImage, recruitments } from '../features/schema.ts';
import type { Db } from '../platform/db/client.ts';
import type { ImageStorage } from '../platform/storage.ts';

/**
 * Demo monitor recruitments for demo-cafe (issue 15 "Demo data"): one open (with photos), one being
 * selected, one whose draw is published, so every screen of the issue shows something real. The photos
 * are drawn here with sharp (no downloads) and stored through the storage service; the draw uses the
 * real lottery, so the verify view of the published one says it matches.
 */

const DAY = 86400_000;

/** A simple illustration (a plate, a cup, a cake) on a warm gradient: no text, so no font is needed. */
function illustration(hue: number, variant: number): Buffer {
  const shapes = [
    `<circle cx="800" cy="640" r="330" fill="#fff" opacity="0.95"/><circle cx="800" cy="640" r="250" fill="hsl(${hue + 20},70%,88%)"/>
     <path d="M620 600 L980 600 L940 760 L660 760 Z" fill="hsl(${hue},55%,55%)"/><rect x="620" y="560" width="360" height="60" rx="20" fill="#fff6e8"/>
     <circle cx="800" cy="530" r="36" fill="#e0314b"/>`,
    `<rect x="560" y="420" width="420" height="440" rx="60" fill="#fff"/><rect x="600" y="470" width="340" height="260" rx="30" fill="hsl(${hue},45%,35%)"/>
     <path d="M980 520 q140 0 140 120 q0 120 -140 120" stroke="#fff" stroke-width="46" fill="none"/>
     <path d="M700 380 q30 -60 0 -120 M800 380 q30 -60 0 -120 M900 380 q30 -60 0 -120" stroke="#fff" stroke-width="18" fill="none" opacity="0.8"/>`,
    `<ellipse cx="800" cy="800" rx="420" ry="70" fill="#fff" opacity="0.9"/><rect x="520" y="420" width="560" height="360" rx="40" fill="hsl(${hue + 30},60%,80%)"/>
     <rect x="520" y="520" width="560" height="40" fill="#fff"/><rect x="520" y="640" width="560" height="40" fill="#fff"/>
     <circle cx="640" cy="400" r="40" fill="#e0314b"/><circle cx="800" cy="390" r="40" fill="#e0314b"/><circle cx="960" cy="400" r="40" fill="#e0314b"/>`,
  ];
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},80%,86%)"/><stop offset="1" stop-color="hsl(${hue + 40},75%,70%)"/>
    </linearGradient></defs>
    <rect width="1600" height="1200" fill="url(#g)"/>${shapes[variant % shapes.length]}</svg>`);
}

async function demoImages(storage: ImageStorage | undefined, hue: number, count: number) {
  if (!storage) return [];
  const out: RecruitmentImage[] = [];
  for (let i = 0; i < count; i += 1) {
    const png = await sharp(illustration(hue, i)).png().toBuffer();
    const stored = await storage.saveImage(png, 'picture');
    out.push({ key: stored.key, url: stored.url, width: stored.width, height: stored.height });
  }
  return out;
}

export async function seedRecruitments(
  tx: Db,
  ids: { shopId: number; staffId: number; supporterIds: number[] },
  storage: ImageStorage | undefined,
  now = new Date(),
): Promise<void> {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const common = {
    shopId: ids.shopId,
    platform: 'instagram',
    targetAudience: 'everyone',
    targetPrefecture: '東京都',
    createdBy: ids.staffId,
  } as const;
  const [open, selecting, drawn] = [newSeed(), newSeed(), newSeed()];
  const rows = await tx
    .insert(recruitments)
    .values([
      {
        ...common,
        title: '秋の新作ケーキ 試食モニター募集',
        description:
          '自家焙煎コーヒーに合わせた秋の新作ケーキ（モンブラン・洋梨のタルト）を召し上がっていただき、写真と感想をInstagramで紹介してくださる方を募集します。',
        images: await demoImages(storage, 20, 3),
        benefit: '新作ケーキ2種とドリンクのセット',
        benefitValue: 1800,
        winnersCount: 3,
        applicationStartsAt: at(-3),
        applicationEndsAt: at(10),
        visitStartsAt: at(12),
        visitEndsAt: at(40),
        conditions:
          '投稿の最初に「#PR」を入れ、ケーキの写真1枚以上と感想、@demo_cafe のタグ付けをお願いします。',
        question: '好きなケーキを教えてください。',
        status: '募集中',
        seed: open.seed,
        seedCommitment: open.commitment,
        openedAt: at(-3),
      },
      {
        ...common,
        title: 'ランチプレート モニター募集',
        description: '季節の野菜をたっぷり使ったランチプレートを体験して、感想を投稿してください。',
        images: await demoImages(storage, 100, 1),
        benefit: 'ランチプレート（ドリンク付き）',
        benefitValue: 1500,
        winnersCount: 2,
        applicationStartsAt: at(-14),
        applicationEndsAt: at(-1),
        visitStartsAt: at(3),
        visitEndsAt: at(30),
        conditions: '投稿の最初に「#PR」を入れ、ランチの写真と感想を投稿してください。',
        status: '選考中',
        seed: selecting.seed,
        seedCommitment: selecting.commitment,
        openedAt: at(-14),
      },
      {
        ...common,
        title: 'スペシャルティコーヒー 1杯無料モニター',
        description: '本日のスペシャルティコーヒーを1杯無料でお試しいただけます。',
        images: await demoImages(storage, 200, 1),
        benefit: 'スペシャルティコーヒー1杯',
        benefitValue: 700,
        winnersCount: 2,
        applicationStartsAt: at(-30),
        applicationEndsAt: at(-10),
        visitStartsAt: at(-8),
        visitEndsAt: at(20),
        conditions: '投稿の最初に「#PR」を入れ、コーヒーの写真と感想を投稿してください。',
        status: '当選発表済',
        seed: drawn.seed,
        seedCommitment: drawn.commitment,
        openedAt: at(-30),
      },
    ])
    .returning({ id: recruitments.id });
  const [, selectingRow, drawnRow] = rows;
  const [supporter, fan1, fan2, fan3] = ids.supporterIds;

  // supporter@example.com's entry in the recruitment being selected comes first (entry 1).
  await tx
    .insert(entries)
    .values([supporter, fan1, fan2].map((userId) => ({ recruitmentId: selectingRow!.id, userId: userId! })));
  const drawnEntries = await tx
    .insert(entries)
    .values(
      [fan1, fan2, fan3, supporter].map((userId) => ({
        recruitmentId: drawnRow!.id,
        userId: userId!,
        createdAt: at(-20),
      })),
    )
    .returning({ id: entries.id });
  const entryIds = drawnEntries.map((e) => e.id).sort((a, b) => a - b);
  const winners = rankEntries(drawn.seed, drawnRow!.id, entryIds).slice(0, 2);
  await tx
    .update(entries)
    .set({ status: '当選' })
    .where(and(eq(entries.recruitmentId, drawnRow!.id), inArray(entries.id, winners)));
  await tx
    .update(entries)
    .set({ status: '落選' })
    .where(and(eq(entries.recruitmentId, drawnRow!.id), notInArray(entries.id, winners)));
  await tx
    .update(recruitments)
    .set({
      drawnAt: at(-9),
      selection: 'lottery',
      entryIds,
      entryIdsHash: entryIdsHash(entryIds),
      winnerEntryIds: winners,
      declinedEntryIds: [],
    })
    .where(eq(recruitments.id, drawnRow!.id));
}
