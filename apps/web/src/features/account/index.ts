/**
 * What other screens may use from the account feature. Home mounts the favourite cards for a signed-in user
 * (docs/product.md, Home); they render nothing for anyone else.
 */
export { FavouriteCards,   } from './FavouriteCards';
