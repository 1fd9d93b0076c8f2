/** The member's wishlist query, shared with the wishlist buttons of search, the cigar page and band scan. */
export { getWishlist, wishlistQuery } from '@/lib/api/get-wishlist';
