/** The search feature's public surface for other features and the app shell. */
export { NavbarSearch } from './navbar-search';
export { searchPath } from './paths';
