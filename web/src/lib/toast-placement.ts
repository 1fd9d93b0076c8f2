/** A box on the screen, in CSS pixels from the viewport's top left corner. */
export interface Box { left: number; top: number; right: number; bottom: number }

/** Where the toast can show: under the header, or at the bottom (above the phone's tab bar). */
export type ToastSide = 'top' | 'bottom';

/** The phone layout's breakpoint (Tailwind's `md`): below it the tab bar is shown and toasts span the width. */
export const PHONE_MAX_WIDTH = 767;
/** Under the sticky header (4 rem) with a half-rem margin: the toaster's `top-[4.5rem]`. */
export const TOP_OFFSET = 72;
/** Above the phone's tab bar (`ABOVE_TAB_BAR`, 4.5 rem), else the 1.5 rem margin from the bottom. */
export const bottomOffset = (phone: boolean) => (phone ? 72 : 24);
const MARGIN = 16;
const WIDE_WIDTH = 384;

/** The box the toast would take on each side, for a viewport and the toast's height. */
export function toastBox(side: ToastSide, viewport: { width: number; height: number }, height: number): Box {
  const phone = viewport.width <= PHONE_MAX_WIDTH;
  const right = viewport.width - MARGIN;
  const left = phone ? MARGIN : Math.max(MARGIN, right - WIDE_WIDTH);
  const top = side === 'top' ? TOP_OFFSET : viewport.height - bottomOffset(phone) - height;
  return { left, right, top, bottom: top + height };
}

const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/**
 * The side a toast shows on (docs/product.md, "Messages"): where it covers none of `avoid` (the form it speaks about,
 * the field in use), else where it covers the least of them. Without anything to avoid, or when both sides do as
 * well, the usual side: the top on a phone (clear of the tab bar and of the keyboard), the bottom right from 768 px.
 */
export function chooseToastSide(viewport: { width: number; height: number }, height: number, avoid: readonly Box[]): ToastSide {
  const usual: ToastSide = viewport.width <= PHONE_MAX_WIDTH ? 'top' : 'bottom';
  const other: ToastSide = usual === 'top' ? 'bottom' : 'top';
  const covered = (side: ToastSide) => {
    const box = toastBox(side, viewport, height);
    return avoid.reduce((sum, a) => sum + overlap(box, a), 0);
  };
  return covered(other) < covered(usual) ? other : usual;
}
