// Temporary: the share menus (branch pw-a) still import this path. Delete once they import ./locale/use-text.ts.
export { useText } from './locale/use-text.ts';
