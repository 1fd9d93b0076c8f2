import { describe, expect, it } from 'vitest';
import { chooseToastSide, toastBox, type Box } from './toast-placement';

const phone = { width: 390, height: 844 };
const laptop = { width: 1280, height: 800 };
const box = (top: number, bottom: number, left = 16, right = 374): Box => ({ top, bottom, left, right });

describe('where a toast shows', () => {
  it('under the header on a phone and at the bottom right on a laptop, with nothing to avoid', () => {
    expect(chooseToastSide(phone, 80, [])).toBe('top');
    expect(chooseToastSide(laptop, 80, [])).toBe('bottom');
    expect(toastBox('top', phone, 80)).toEqual({ left: 16, right: 374, top: 72, bottom: 152 });
    // Above the phone's tab bar; 24 px from the bottom, 384 px wide on the right, on a laptop.
    expect(toastBox('bottom', phone, 80)).toEqual({ left: 16, right: 374, top: 692, bottom: 772 });
    expect(toastBox('bottom', laptop, 80)).toEqual({ left: 880, right: 1264, top: 696, bottom: 776 });
  });

  it('on the other side when the usual one would cover the form it speaks about', () => {
    // A card form at the top of a phone's screen: the toast goes above the tab bar.
    expect(chooseToastSide(phone, 80, [box(90, 500)])).toBe('bottom');
    // A form in the lower half of a phone's screen: the top is clear.
    expect(chooseToastSide(phone, 80, [box(373, 735)])).toBe('top');
    // A form reaching the bottom right of a laptop's screen: the toast goes up.
    expect(chooseToastSide(laptop, 80, [box(400, 790, 700, 1200)])).toBe('top');
    // A form on the left of a laptop's screen is not under the bottom-right toast.
    expect(chooseToastSide(laptop, 80, [box(400, 790, 37, 571)])).toBe('bottom');
  });

  it('where it covers the least when both sides would cover some, and the usual side on a tie', () => {
    expect(chooseToastSide(phone, 80, [box(120, 700)])).toBe('bottom');
    expect(chooseToastSide(phone, 80, [box(0, 844)])).toBe('top');
    expect(chooseToastSide(laptop, 80, [box(0, 800, 0, 1280)])).toBe('bottom');
  });
});
