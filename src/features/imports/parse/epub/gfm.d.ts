// The package ships no types; only the two plugins used here are described.
declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  export const tables: TurndownService.Plugin;
  export const strikethrough: TurndownService.Plugin;
}
