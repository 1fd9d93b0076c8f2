/** The header's bar: the same box signed in or out, so the lazily loaded member header takes the place it holds. */
export const HEADER_ROW = 'mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4';
