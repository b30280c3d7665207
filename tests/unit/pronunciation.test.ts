import { describe, expect, test } from 'bun:test';
import { changedWords, mergeLists, pronouncer } from '../../src/features/audio/pronunciation/apply.ts';
import { checkedList } from '../../src/features/audio/pronunciation/service.ts';
import { listText, parseListText } from '../../src/features/audio/pronunciation/text.ts';
import { createEspeakEngine } from '../../src/integrations/tts/espeak.ts';
import { createMespeakEngine } from '../../src/integrations/tts/mespeak.ts';
import { ENGINE_IDS, takesPhonemes } from '../../src/integrations/tts/index.ts';

const entry = (word: string, say: string, case_sensitive = false) => ({ word, say, case_sensitive });

describe('pronouncer', () => {
  test('respells whole words only, in any script, leaving longer words alone', () => {
    const say = pronouncer([entry('Xiao', 'Shyao'), entry('Lin', 'Lean')]);
    expect(say('Xiao Lin met Linda, and xiao lin laughed.')).toBe('Shyao Lean met Linda, and Shyao Lean laughed.');
    expect(say('Lin’s sword; (Lin) "Lin!" Lin-Lin')).toBe('Lean’s sword; (Lean) "Lean!" Lean-Lean');
    expect(pronouncer([entry('Ærø', 'Air-eh')])('Sailing to Ærø, not Ærøskøbing.')).toBe('Sailing to Air-eh, not Ærøskøbing.');
    expect(pronouncer([entry('李', 'Lee')])('李 walked')).toBe('Lee walked');
  });

  test('a case-sensitive form matches that case only; the longest form wins where two overlap', () => {
    const say = pronouncer([entry('Wei', 'Way', true), entry('Wei Wuxian', 'Way Woo-shyen')]);
    expect(say('Wei Wuxian and Wei, but not wei.')).toBe('Way Woo-shyen and Way, but not wei.');
  });

  test('forms with marks that mean something in a pattern are taken literally', () => {
    expect(pronouncer([entry('Mr.X', 'Mister Ex'), entry('a+b', 'a plus b')])('Mr.X said a+b, MrsX said ab')).toBe('Mister Ex said a plus b, MrsX said ab');
  });

  test('no list leaves the text as it is', () => {
    expect(pronouncer([])('Anything at all')).toBe('Anything at all');
  });
});

describe('phonemes', () => {
  const shu = { ...entry('Shu Ching', 'Shoo Ching'), phonemes: "S'u: tS'IN" };

  test('only eSpeak takes them: the program and its in-process build are both engine espeak', () => {
    expect(ENGINE_IDS.filter(takesPhonemes)).toEqual(['espeak']);
    expect(createEspeakEngine().id).toBe('espeak');
    expect(createMespeakEngine().id).toBe('espeak');
  });

  test('an engine that takes them is given [[…]], the others the respelling; entries without phonemes are respelled for both', () => {
    const list = [shu, entry('Lin', 'Lean')];
    expect(pronouncer(list, { phonemes: true })('“Shu Ching,” said Lin.')).toBe("“[[ S'u: tS'IN]],” said Lean.");
    expect(pronouncer(list, { phonemes: false })('“Shu Ching,” said Lin.')).toBe('“Shoo Ching,” said Lean.');
    expect(pronouncer(list)('shu ching')).toBe('Shoo Ching');
  });

  test('changing only the phonemes of an entry changes its saying; adding or removing them too', () => {
    expect(changedWords([shu], [{ ...shu, phonemes: "S'u: tS'i:N" }])).toEqual(['Shu Ching']);
    expect(changedWords([shu], [entry('Shu Ching', 'Shoo Ching')])).toEqual(['Shu Ching']);
    expect(changedWords([entry('Shu Ching', 'Shoo Ching')], [shu])).toEqual(['Shu Ching']);
    expect(changedWords([shu], [{ ...shu }])).toEqual([]);
  });

  test('checkedList keeps trimmed phonemes, drops empty ones and refuses brackets, long and foreign characters', () => {
    expect(checkedList({ entries: [{ word: 'Shu Ching', say: 'Shoo Ching', phonemes: " S'u: tS'IN " }] })).toEqual([shu]);
    expect(checkedList({ entries: [{ word: 'Lin', say: 'Lean', phonemes: '  ' }] })).toEqual([entry('Lin', 'Lean')]);
    expect(() => checkedList({ entries: [{ word: 'Lin', say: 'Lean', phonemes: "[[l'i:n]]" }] })).toThrow('entries[0].phonemes must not hold [ or ]');
    expect(() => checkedList({ entries: [{ word: 'Lin', say: 'Lean', phonemes: 'a'.repeat(201) }] })).toThrow('entries[0].phonemes must be at most 200 characters');
    expect(checkedList({ entries: [{ word: 'Lin', say: 'Lean', phonemes: 'a'.repeat(200) }] })).toHaveLength(1);
    for (const bad of ['lí:n', 'l"i:n', 'l(i)n', 'l$in', 'l\\in']) {
      expect(() => checkedList({ entries: [{ word: 'Lin', say: 'Lean', phonemes: bad }] })).toThrow('entries[0].phonemes must be eSpeak phoneme mnemonics');
    }
    expect(() => checkedList({ entries: [{ word: 'Lin', say: 'Lean', phonemes: 'l\ti:n' }] })).toThrow('entries[0] must be on one line');
    expect(checkedList({ entries: [{ word: 'X', say: 'x', phonemes: "aA09 ',:@&?!_-=|^*;#/.<>" }] })).toHaveLength(1);
  });

  test('the admin page writes them as [[…]] after the respelling, before "| exact", and reads them back', () => {
    const list = [shu, { ...entry('Qi', 'Chee', true), phonemes: "tS'i:|" }, entry('Lin', 'Lean')];
    const text = listText(list);
    expect(text).toBe("Shu Ching = Shoo Ching [[S'u: tS'IN]]\nQi = Chee [[tS'i:|]] | exact\nLin = Lean");
    expect(checkedList(parseListText(text).body)).toEqual(list);
    expect(() => checkedList(parseListText('Lin = Lean [[l[i]n]]').body)).toThrow('entries[0].phonemes must not hold [ or ]');
  });
});

describe('lists', () => {
  test('the book list wins over the site list for the same form and case rule', () => {
    const merged = mergeLists([entry('Qi', 'Chee'), entry('Dao', 'Dow')], [entry('qi', 'Chi')]);
    expect(merged).toEqual([entry('qi', 'Chi'), entry('Dao', 'Dow')]);
    expect(pronouncer(merged)('Qi and Dao')).toBe('Chi and Dow');
  });

  test('changed words: added, removed and respelled forms; unchanged ones are not', () => {
    expect(changedWords([entry('A', '1'), entry('B', '2'), entry('C', '3')], [entry('A', '1'), entry('B', 'two'), entry('D', '4')]).sort()).toEqual(['B', 'C', 'D']);
  });

  test('checkedList trims, defaults the case rule and refuses empty, long, multi-line and repeated entries', () => {
    expect(checkedList({ entries: [{ word: ' Xiao ', say: ' Shyao ' }] })).toEqual([entry('Xiao', 'Shyao')]);
    expect(() => checkedList({ entries: [{ word: ' ', say: 'x' }] })).toThrow('entries[0].word must not be empty');
    expect(() => checkedList({ entries: [{ word: 'ok', say: 'x' }, { word: 'Lin', say: '' }] })).toThrow('entries[1].say must not be empty');
    expect(() => checkedList({ entries: [{ word: 'x'.repeat(65), say: 'x' }] })).toThrow('entries[0].word must be at most 64 characters');
    expect(() => checkedList({ entries: [{ word: 'a\nb', say: 'x' }] })).toThrow('entries[0] must be on one line');
    expect(() => checkedList({ entries: [{ word: 'Lin', say: 'a' }, { word: 'lin', say: 'b' }] })).toThrow('entries[1].word "lin" is listed twice');
    expect(checkedList({ entries: [{ word: 'Lin', say: 'a', case_sensitive: true }, { word: 'lin', say: 'b' }] })).toHaveLength(2);
  });
});

describe('the engines', () => {
  test('are given the respelled text of each chunk, in both ways of narrating', async () => {
    const { prepareScript, narrate, narrateChunks } = await import('../../src/integrations/tts/index.ts');
    const heard: string[] = [];
    const engine = {
      id: 'flite' as const,
      format: 'wav' as const,
      backend: 'recording',
      available: async () => true,
      voices: async () => [],
      synthesize: async (text: string) => {
        heard.push(text);
        return { sampleRate: 8000, samples: new Int16Array(800) };
      },
    };
    const script = prepareScript('Xiao Lin smiled.\n\nLin left.');
    const say = pronouncer([entry('Lin', 'Lean')]);
    for (const chunk of script.chunks) chunk.spoken = say(chunk.text);
    for await (const _ of narrate(engine, 'v', script)) void _;
    const once = heard.splice(0);
    let index = 0;
    const plan = { first: async () => 0, next: async () => (++index < script.chunks.length ? index : null) };
    for await (const _ of narrateChunks(engine, 'v', script, plan)) void _;
    for (const texts of [once, heard]) {
      expect(texts.join(' ')).toContain('Xiao Lean smiled.');
      expect(texts.join(' ')).not.toMatch(/\bLin\b/);
    }
    expect(script.chunks.map((c) => c.text).join(' ')).toContain('Xiao Lin smiled.');
  });
});

describe('eSpeak says the phonemes it is given', () => {
  const xiao = { ...entry('Xiao Ching', 'Shoo Ching'), phonemes: "S'u: tS'IN" };
  const withPhonemes = pronouncer([xiao], { phonemes: true });
  const respelled = pronouncer([xiao]);
  const lines = ['Then Xiao Ching, at last, went home.', '“Xiao Ching,” he said.', '(Xiao Ching) left.'];

  /** The phonemes espeak-ng would say, without the pauses that marks add. */
  async function phonemesOf(text: string): Promise<string> {
    const child = Bun.spawn(['espeak-ng', '-q', '-x', '-v', 'en-us'], { stdin: new TextEncoder().encode(text), stdout: 'pipe' });
    const out = await new Response(child.stdout).text();
    await child.exited;
    return out.replace(/_:/g, ' ').replace(/\s+/g, ' ').trim();
  }

  test.skipIf(!Bun.which('espeak-ng'))('espeak-ng: [[…]] sounds as the respelling does, not as the written name, even after a mark', async () => {
    for (const line of lines) {
      const said = await phonemesOf(withPhonemes(line));
      expect(said).toContain("S'u: tS'IN");
      expect(said).toBe(await phonemesOf(respelled(line)));
      expect(said).not.toBe(await phonemesOf(line));
    }
  });

  test('mespeak (the in-process build): the same samples as the respelling, not as the written name', async () => {
    const engine = createMespeakEngine();
    const samples = async (text: string) => (await engine.synthesize(text, 'espeak-en-us')).samples;
    const same = (a: Int16Array, b: Int16Array) => a.length === b.length && a.every((s, i) => s === b[i]);
    const line = lines[1]!;
    const said = await samples(withPhonemes(line));
    expect(said.length).toBeGreaterThan(0);
    expect(same(said, await samples(respelled(line)))).toBe(true);
    expect(same(said, await samples(line))).toBe(false);
  });
});
