/**
 * A stand-in for the `espeak-ng` program on machines without it, for the command lines the product
 * and the tests use: `--version`, `--voices`, and `-v VOICE [-s WPM] [-b 1] --stdout` with the
 * text on stdin (a WAV on stdout). It speaks through mespeak, so it knows the voices mespeak has.
 */
import { ESPEAK_VOICES } from '../../../src/integrations/tts/espeak-voices.ts';
import { createMespeakEngine } from '../../../src/integrations/tts/mespeak.ts';
import { encodeWav } from '../../../src/integrations/tts/wav.ts';

const args = process.argv.slice(2);
const voices = ESPEAK_VOICES.filter((v) => v.mespeak !== null);
if (args.includes('--version')) {
  console.log('eSpeak NG text-to-speech: 1.51 (stand-in for tests, speaking through mespeak)');
} else if (args.includes('--voices')) {
  console.log('Pty Language       Age/Gender VoiceName          File                 Other Languages');
  for (const v of voices) console.log(` 5  ${v.espeak.padEnd(15)}--/M      ${v.name.padEnd(18)} stand-in/${v.espeak}`);
} else {
  const name = args.includes('-v') ? args[args.indexOf('-v') + 1] : 'en-us';
  const voice = voices.find((v) => v.espeak === name);
  if (!voice) {
    process.stderr.write('Error: The specified espeak-ng voice does not exist.\n');
    process.exit(1);
  }
  const pcm = await createMespeakEngine().synthesize(await Bun.stdin.text(), voice.id);
  const wav = encodeWav(pcm);
  await new Promise<void>((resolve) => process.stdout.write(wav, () => resolve()));
}
