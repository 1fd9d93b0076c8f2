import { createHttpHandler } from '@torcedor/service-kit/http';
import { humidorRoutes } from '@torcedor/shared/routes/humidor';
import { getHumidorAnalytics } from './handlers/analytics.ts';
import { getBandCatalog, identifyCigar, identifyCigarImage } from './handlers/band-scan.ts';
import * as catalog from './handlers/catalog.ts';
import { addConditionReading, getConditions } from './handlers/conditions.ts';
import { exportHumidor, importHumidor, previewHumidorImport } from './handlers/import-export.ts';
import * as items from './handlers/items.ts';
import * as wishlist from './handlers/wishlist.ts';

export const handler = createHttpHandler(humidorRoutes, {
  search: catalog.search,
  identifyCigar,
  identifyCigarImage,
  getBandCatalog,
  getCigar: catalog.getCigar,
  listBrands: catalog.listBrands,
  getBrand: catalog.getBrand,
  listLounges: catalog.listLounges,
  getLounge: catalog.getLounge,

  getHumidor: items.getHumidor,
  getHumidorSummary: items.getHumidorSummary,
  getHumidorAnalytics,
  addHumidorItem: items.addHumidorItem,
  updateHumidorItem: items.updateHumidorItem,
  deleteHumidorItem: items.deleteHumidorItem,
  getConditions,
  addConditionReading,
  previewHumidorImport,
  importHumidor,

  getWishlist: wishlist.getWishlist,
  addWishlistItem: wishlist.addWishlistItem,
  updateWishlistItem: wishlist.updateWishlistItem,
  deleteWishlistItem: wishlist.deleteWishlistItem,
  moveWishlistItem: wishlist.moveWishlistItem,
  exportHumidor,
});
