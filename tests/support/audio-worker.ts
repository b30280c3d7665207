import type { S3Config } from '../../src/config.ts';
import { createAudioJob } from '../../src/features/audio/generation/job.ts';
import { createVoiceSamplesJob } from '../../src/features/audio/samples/job.ts';
import { createFsObjectStore } from '../../src/platform/objects/fs.ts';
import { createS3ObjectStore } from '../../src/platform/objects/s3.ts';
import { defineJob } from '../../src/platform/queue/runtime.ts';
import { createExportJob } from '../../src/features/exports/job.ts';
import { generateAudioKind } from '../../src/features/audio/generation/kind.ts';
import { coverLimits } from '../../src/features/covers/limits.ts';
import { join } from 'node:path';
import { fakeSpeech } from './audio-engines.ts';

/**
 * The audio job with fake engines, inside a real job worker thread. A thread shares nothing with
 * the test but the database, so tests/support/audio-app.ts writes a tiny worker file that calls
 * this with where the test's objects live (a temp dir or an s3rver bucket).
 */
export interface FakeWorkerConfig {
  objects: { kind: 'fs'; root: string } | { kind: 's3'; config: S3Config };
  markerDir: string;
}

export function startFakeAudioWorker(config: FakeWorkerConfig): void {
  const objects =
    config.objects.kind === 'fs'
      ? createFsObjectStore({ root: config.objects.root, baseUrl: 'http://localhost:3000', secret: 'unused-by-jobs' })
      : createS3ObjectStore(config.objects.config);
  defineJob(createAudioJob({ speech: fakeSpeech(config.markerDir), objects: async () => objects, chunkRetryDelaysMs: [20, 50] }));
}

/** The voice-samples job (audio.voice-samples) with the same fake engines and store. */
export function startFakeVoiceSamplesWorker(config: FakeWorkerConfig): void {
  const objects =
    config.objects.kind === 'fs'
      ? createFsObjectStore({ root: config.objects.root, baseUrl: 'http://localhost:3000', secret: 'unused-by-jobs' })
      : createS3ObjectStore(config.objects.config);
  defineJob(createVoiceSamplesJob({ speech: fakeSpeech(config.markerDir), objects: async () => objects, chunkRetryDelaysMs: [20, 50] }));
}

/** The export job (exports.build) on the same store; its narrations are queued for the fake audio worker. */
export function startFakeExportWorker(config: FakeWorkerConfig): void {
  const objects =
    config.objects.kind === 'fs'
      ? createFsObjectStore({ root: config.objects.root, baseUrl: 'http://localhost:3000', secret: 'unused-by-jobs' })
      : createS3ObjectStore(config.objects.config);
  defineJob(createExportJob({ objects: async () => objects, audioKind: generateAudioKind, coverLimits: coverLimits(), scratchDir: join(config.markerDir, 'exports'), mp3Backend: 'lamejs', pollMs: 50 }));
}
