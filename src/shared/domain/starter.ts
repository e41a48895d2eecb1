/**
 * The names of what a new account starts with (docs/PRODUCT.md §10.3): the server writes them (modules/starter) and
 * the workspace's first look opens the welcome page by them.
 */
export const starterTitle = 'Getting started';
export const starterWelcomePage = 'Welcome to Jotlist';
