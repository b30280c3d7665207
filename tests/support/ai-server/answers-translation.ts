import type { Answer, ChatRequest } from './answers.ts';

interface TranslationInput {
  locale?: string;
  glossary?: { source: string; target: string }[];
  title?: string;
  text?: string;
}

/** The app sends its input as the last user message, in JSON (a type-only import keeps answers.ts free of a cycle). */
function inputOf(request: ChatRequest): TranslationInput {
  const text = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '{}';
  try {
    return JSON.parse(text) as TranslationInput;
  } catch {
    return { text };
  }
}

const SCENE_BREAK = /^\s*(?:(?:\*\s*){3,}|(?:-\s*){3,}|(?:_\s*){3,})$/;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Glossary sources become their targets, longest first (so "Lin Feng" wins over "Lin"). */
function applyGlossary(text: string, glossary: TranslationInput['glossary']): string {
  let out = text;
  for (const { source, target } of [...(glossary ?? [])].sort((a, b) => b.source.length - a.source.length)) {
    out = out.replace(new RegExp(`\\b${escape(source)}\\b`, 'g'), target);
  }
  return out;
}

/**
 * Answers for machine translation (features/translation), deterministic and easy to recognise:
 * each paragraph gets the prefix "[fr] " (the locale asked for) after any markdown lead (#, >, -),
 * scene breaks stay as they are, and glossary sources are replaced by their targets.
 */
export const translationAnswers: Record<string, Answer> = {
  chapter_translation: (request) => {
    const input = inputOf(request);
    const tag = `[${input.locale ?? '??'}] `;
    const paragraphs = (input.text ?? '').split(/\n\s*\n/).map((p) => {
      if (SCENE_BREAK.test(p)) return p;
      const lead = /^(#{1,6}\s+|>\s*|[-*]\s+|\d+\.\s+)?/.exec(p)?.[0] ?? '';
      return `${lead}${tag}${applyGlossary(p.slice(lead.length), input.glossary)}`;
    });
    const title = input.title ? `${tag}${applyGlossary(input.title, input.glossary)}` : '';
    return { title, text: paragraphs.join('\n\n') };
  },
};
