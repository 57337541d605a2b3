// The returns window, in one place: the product page's assurance line and Shipping & Returns tab
// and the shipping page all quote it, and PRODUCT.md promises one number everywhere (the shipping
// policy's). The terms and FAQ are server content (the seed), checked against it by the backend.
export const returnsWindow = "28 days";
