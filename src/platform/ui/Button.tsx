import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';
import { css } from '../styles/stitches.config.ts';
import { phrased } from './Phrase.tsx';

/** Buttons keep their text as written (seed spec section 9: not uppercased) and are at least 44 px tall. */
export const buttonClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
  minHeight: '44px',
  px: '$5',
  border: '2px solid transparent',
  borderRadius: '$pill',
  fontWeight: 700,
  fontSize: '$body',
  lineHeight: 1.3,
  textTransform: 'none',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background-color 0.15s, color 0.15s, border-color 0.15s',
  '&:disabled, &[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
  variants: {
    variant: {
      primary: {
        backgroundColor: '$primaryText',
        color: '$white',
        '&:hover:not(:disabled)': { backgroundColor: '$primaryDark' },
      },
      secondary: {
        backgroundColor: '$secondaryText',
        color: '$white',
        '&:hover:not(:disabled)': { backgroundColor: '#085a7d' },
      },
      outline: {
        backgroundColor: '$white',
        color: '$primaryText',
        borderColor: '$primaryText',
        '&:hover:not(:disabled)': { backgroundColor: '$primaryPale' },
      },
      ghost: {
        backgroundColor: 'transparent',
        color: '$gray900',
        borderColor: '$gray300',
        '&:hover:not(:disabled)': { backgroundColor: '$gray100' },
      },
      danger: { backgroundColor: '$redText', color: '$white' },
    },
    size: {
      md: {},
      sm: { minHeight: '36px', px: '$4', fontSize: '$small' },
      lg: { minHeight: '52px', px: '$6', fontSize: '18px' },
    },
    block: { true: { display: 'flex', width: '100%' } },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

type Variants = {
  variant?: 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
};

export function Button({
  variant,
  size,
  block,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & Variants) {
  return (
    <button type={type} className={`${buttonClass({ variant, size, block })} ${className ?? ''}`} {...rest}>
      {phrased(children)}
    </button>
  );
}

/** A link that looks like a button (navigation stays a link for screen readers and middle-click). */
export function ButtonLink({
  href,
  children,
  variant,
  size,
  block,
}: { href: string; children: ReactNode } & Variants) {
  return (
    <Link href={href} className={buttonClass({ variant, size, block })}>
      {phrased(children)}
    </Link>
  );
}
