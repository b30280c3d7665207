import type { Locale } from '../locale.ts';
import { en, type Catalogue } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { id } from './id.ts';
import { pt } from './pt.ts';

export type { Catalogue, MessageKey } from './en.ts';

export const catalogues: Record<Locale, Catalogue> = { en, pt, es, fr, id };
