import type { ExportFormat } from '../../../src/features/exports/model.ts';

/** One export as the pages show it (features/exports/page-routes.ts builds it). */
export interface ExportView {
  id: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  progress: number;
  /** The stage while it runs, or why it failed: a key of the catalogues and its numbers. */
  message: { key: string; params: Record<string, number> };
  format: ExportFormat;
  slug: string;
  bookTitle: string;
  from: number;
  to: number;
  voice: string;
  voiceName: string;
  size: number | null;
  url: string | null;
}

export interface VoiceChoice {
  id: string;
  name: string;
}

export interface NewExportForm {
  slug: string;
  bookTitle: string;
  first: number;
  last: number;
  from: number;
  to: number;
  format: ExportFormat;
  voice: string;
  voices: VoiceChoice[];
}
