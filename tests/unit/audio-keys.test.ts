import { expect, test } from 'bun:test';
import { audioKey, partKey, partsPrefix } from '../../src/features/audio/keys.ts';
import { validateKey, validatePrefix } from '../../src/platform/objects/keys.ts';

test('stored audio: audio/<slug>/<chapter>/<voice>.<format>, a valid object key', () => {
  expect(audioKey('morning-bread', 3, 'espeak-en-us', 'mp3')).toBe('audio/morning-bread/3/espeak-en-us.mp3');
  expect(audioKey('morning-bread', 3, 'flite-kal', 'wav')).toBe('audio/morning-bread/3/flite-kal.wav');
  expect(validateKey(audioKey('a-b', 1, 'openai-alloy', 'mp3'))).toBeTruthy();
});

test('a voice id with ":" (allowed in ids, refused in keys) maps to "~", one to one', () => {
  const key = audioKey('book', 1, 'kokoro:af_bella', 'mp3');
  expect(key).toBe('audio/book/1/kokoro~af_bella.mp3');
  expect(validateKey(key)).toBe(key);
  expect(audioKey('book', 1, 'a:b', 'mp3')).not.toBe(audioKey('book', 1, 'a.b', 'mp3'));
});

test('pieces of a job sort in playing order under the job prefix', () => {
  const id = '0b7f9c1e-2d4a-4c3b-9e8f-1a2b3c4d5e6f';
  const keys = [10, 2, 0, 1].map((n) => partKey(id, n, 'mp3'));
  expect([...keys].sort()).toEqual([0, 1, 2, 10].map((n) => partKey(id, n, 'mp3')));
  expect(partKey(id, 0, 'wav')).toBe(`audio-parts/${id}/00000.wav`);
  for (const key of keys) expect(key.startsWith(partsPrefix(id))).toBe(true);
  expect(validatePrefix(partsPrefix(id))).toBe(partsPrefix(id));
});
