/** The billing feature's public surface (its pages load lazily through the router). */
export { createCheckoutSession } from './api/create-checkout-session';
export { soloPriceQuery, useSoloPriceId } from './api/get-billing-plans';
export { MODAL_CHECKOUT_FAILED } from './billing-messages';
export { SOLO_FEATURES } from './plan-features';
export { redirectTo } from './redirect';
export { usablePriceId } from './solo-price';
