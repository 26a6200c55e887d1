import {
  Beer,
  Coffee,
  Croissant,
  Gift,
  Inbox,
  Megaphone,
  Scissors,
  UserPlus,
  UtensilsCrossed,
  Wallet,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { COLORS } from '../../styles/tokens.ts';

/**
 * Illustrations drawn here (issue 11), used until the business features bring shop covers and
 * recruitment images: the top page's hero and category tiles, the step marks, empty states and the
 * signed-in welcome. Decorative: every one is aria-hidden, the text beside it says what matters.
 */
const PINK = COLORS.primary;
const PINK_DARK = COLORS.primaryText;
const PINK_PALE = COLORS.primaryPale;
const BLUE = COLORS.secondary;
const BLUE_DARK = COLORS.secondaryText;
const BLUE_PALE = COLORS.secondaryPale;
const INK = '#3b2f3a';

function Heart({ x, y, s = 1, fill = PINK }: { x: number; y: number; s?: number; fill?: string }) {
  return (
    <path
      transform={`translate(${x} ${y}) scale(${s})`}
      d="M0 -3c-2-4-9-4-9 2 0 4 5 7 9 10 4-3 9-6 9-10 0-6-7-6-9-2z"
      fill={fill}
    />
  );
}
function Sparkle({ x, y, s = 1, fill = '#f5b400' }: { x: number; y: number; s?: number; fill?: string }) {
  return (
    <path transform={`translate(${x} ${y}) scale(${s})`} d="M0-8L2-2 8 0 2 2 0 8-2 2-8 0-2-2z" fill={fill} />
  );
}

/** The hero: a shop with a striped awning, and a phone whose post (#PR) collects hearts. */
export function HeroScene() {
  return (
    <svg viewBox="0 0 360 260" width="100%" height="100%" aria-hidden="true" focusable="false">
      <ellipse cx="180" cy="150" rx="170" ry="100" fill={BLUE_PALE} />
      <circle cx="300" cy="60" r="38" fill={PINK_PALE} />
      <ellipse cx="180" cy="236" rx="150" ry="12" fill="#000" opacity="0.06" />
      {/* the shop */}
      <rect x="40" y="104" width="150" height="130" rx="6" fill="#fff" stroke={INK} strokeWidth="3" />
      <path d="M32 80h166l-8 32H40z" fill="#fff" stroke={INK} strokeWidth="3" strokeLinejoin="round" />
      {[0, 1, 2, 3, 4].map((i) => (
        <path key={i} d={`M${40 + i * 30} 80h16l-2 32h-14z`} fill={PINK} />
      ))}
      <path
        d="M40 112q15 12 30 0q15 12 30 0q15 12 30 0q15 12 30 0q15 12 30 0"
        fill="none"
        stroke={INK}
        strokeWidth="3"
      />
      <rect x="56" y="140" width="56" height="46" rx="4" fill={BLUE_PALE} stroke={INK} strokeWidth="3" />
      <path
        d="M64 176c6-10 12-10 18 0M86 176c5-8 10-8 15 0"
        stroke={BLUE_DARK}
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
      <rect x="128" y="140" width="44" height="94" rx="4" fill={PINK_PALE} stroke={INK} strokeWidth="3" />
      <circle cx="162" cy="190" r="3" fill={INK} />
      <rect x="62" y="60" width="106" height="22" rx="11" fill={INK} />
      <text
        x="115"
        y="76"
        textAnchor="middle"
        fontSize="13"
        fontWeight="700"
        fill="#fff"
        fontFamily="sans-serif"
      >
        CAFE
      </text>
      {/* the phone with a post */}
      <g transform="rotate(8 262 150)">
        <rect x="212" y="70" width="100" height="170" rx="16" fill={INK} />
        <rect x="219" y="84" width="86" height="142" rx="8" fill="#fff" />
        <circle cx="233" cy="98" r="7" fill={PINK} />
        <rect x="245" y="94" width="40" height="7" rx="3.5" fill="#ddd" />
        <rect x="226" y="112" width="72" height="50" rx="6" fill={BLUE} />
        <circle cx="246" cy="132" r="9" fill="#fff" opacity="0.9" />
        <path d="M226 162l22-18 16 12 14-10 20 16z" fill={BLUE_DARK} opacity="0.7" />
        <rect x="226" y="170" width="64" height="6" rx="3" fill="#ddd" />
        <rect x="226" y="181" width="48" height="6" rx="3" fill="#ddd" />
        <rect x="226" y="195" width="30" height="16" rx="8" fill={PINK_PALE} />
        <text
          x="241"
          y="207"
          textAnchor="middle"
          fontSize="10"
          fontWeight="800"
          fill={PINK_DARK}
          fontFamily="sans-serif"
        >
          #PR
        </text>
        <Heart x={290} y={203} s={0.9} />
      </g>
      <Heart x={318} y={52} s={1.6} />
      <Heart x={200} y={40} s={1.1} fill={PINK_DARK} />
      <Heart x={336} y={118} s={0.9} />
      <Sparkle x={26} y={60} s={1.2} />
      <Sparkle x={244} y={36} />
      <Sparkle x={190} y={200} s={0.8} fill={BLUE_DARK} />
    </svg>
  );
}

/** A round badge with an icon and a few sparkles (category tiles, steps). */
function IconScene({ icon: Icon, tone }: { icon: LucideIcon; tone: 'pink' | 'blue' }) {
  const bg = tone === 'pink' ? PINK_PALE : BLUE_PALE;
  const fg = tone === 'pink' ? PINK_DARK : BLUE_DARK;
  return (
    <span
      style={{ position: 'relative', display: 'block', width: '100%', height: '100%' }}
      aria-hidden="true"
    >
      <svg
        viewBox="0 0 100 100"
        width="100%"
        height="100%"
        focusable="false"
        style={{ position: 'absolute', inset: 0 }}
      >
        <circle cx="50" cy="52" r="40" fill={bg} />
        <circle cx="50" cy="52" r="30" fill="#fff" />
        <Sparkle x={84} y={20} s={0.9} />
        <Sparkle x={16} y={82} s={0.6} fill={tone === 'pink' ? BLUE : PINK} />
        <circle cx="18" cy="24" r="4" fill={tone === 'pink' ? BLUE : PINK} opacity="0.6" />
      </svg>
      <Icon
        color={fg}
        strokeWidth={1.75}
        style={{ position: 'absolute', left: '30%', top: '32%', width: '40%', height: '40%' }}
        aria-hidden="true"
        focusable="false"
      />
    </span>
  );
}

/** Nothing here yet: an open box with a sparkle. */
export function EmptyScene() {
  return (
    <svg viewBox="0 0 160 110" width="100%" height="100%" aria-hidden="true" focusable="false">
      <ellipse cx="80" cy="98" rx="58" ry="8" fill="#000" opacity="0.06" />
      <path
        d="M34 50l46-18 46 18-46 18z"
        fill={PINK_PALE}
        stroke={INK}
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path d="M34 50v36l46 14V68z" fill="#fff" stroke={INK} strokeWidth="2.5" strokeLinejoin="round" />
      <path
        d="M126 50v36l-46 14V68z"
        fill={PINK_PALE}
        stroke={INK}
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path
        d="M34 50L22 36l46-16 12 12M126 50l12-14-46-16-12 12"
        fill="#fff"
        stroke={INK}
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <Sparkle x={80} y={14} s={1.1} />
      <Sparkle x={132} y={16} s={0.7} fill={BLUE_DARK} />
      <Heart x={30} y={18} s={0.7} />
    </svg>
  );
}

export const SCENES = {
  hero: HeroScene,
  empty: EmptyScene,
  cafe: () => <IconScene icon={Coffee} tone="pink" />,
  restaurant: () => <IconScene icon={UtensilsCrossed} tone="blue" />,
  salon: () => <IconScene icon={Scissors} tone="pink" />,
  bakery: () => <IconScene icon={Croissant} tone="blue" />,
  zakka: () => <IconScene icon={Gift} tone="pink" />,
  izakaya: () => <IconScene icon={Beer} tone="blue" />,
  signup: () => <IconScene icon={UserPlus} tone="pink" />,
  request: () => <IconScene icon={Megaphone} tone="pink" />,
  reward: () => <IconScene icon={Wallet} tone="pink" />,
  inbox: () => <IconScene icon={Inbox} tone="blue" />,
} as const;

export type SceneName = keyof typeof SCENES;

/** The chunk's one export the lazy <Illustration> renders. */
export default function Scene({ name }: { name: SceneName }) {
  const Drawn = SCENES[name];
  return <Drawn />;
}
