import { connect, type Api, type Server } from './client.ts';
import { meSignedOut, me, setPassword, signIn } from './account.ts';
import { book, browse, chapter, home, missingBookAndChapter, search, searchWithoutWords } from './catalogue.ts';
import { pushAndPull } from './progress.ts';
import { settings } from './settings.ts';
import { listen } from './audio.ts';
import { comments, rate } from './comments.ts';
import { library } from './library.ts';
import { notifications } from './notifications.ts';

const SLUG = 'morning-bread';
const READING_CHAPTER = 2;

/** One reader's session with the app, shared by the steps: who signed in, and what they opened. */
export interface Journey {
  server: Server;
  username: string;
  /** A token from a sign-in the test made (the debug login), to set the password the app then signs in with. */
  firstToken: string;
  password: string;
  api?: Api;
  userId?: string;
  book?: { title: string; chapterCount: number };
}

export interface Step {
  name: string;
  run(journey: Journey): Promise<void>;
}

function signedIn(journey: Journey): Api {
  if (!journey.api) throw new Error('not signed in (an earlier step failed)');
  return journey.api;
}

function opened(journey: Journey): { title: string; chapterCount: number } {
  if (!journey.book) throw new Error('no book opened (an earlier step failed)');
  return journey.book;
}

function user(journey: Journey): string {
  if (!journey.userId) throw new Error('no user id (an earlier step failed)');
  return journey.userId;
}

/** The mobile flows, in the order a reader meets them. */
export const steps: Step[] = [
  {
    name: 'sign in with a password, then ask who I am',
    async run(journey) {
      await setPassword(connect(journey.server, journey.firstToken), journey.password);
      const token = await signIn(connect(journey.server), journey.username, journey.password);
      journey.api = connect(journey.server, token);
      journey.userId = await me(journey.api, journey.username);
    },
  },
  { name: 'without a token, me is 401', run: (journey) => meSignedOut(connect(journey.server)) },
  { name: 'browse with a genre filter and a second page', run: (journey) => browse(signedIn(journey)) },
  { name: 'search', run: (journey) => search(signedIn(journey)) },
  { name: 'search without words is 400', run: (journey) => searchWithoutWords(signedIn(journey)) },
  {
    name: 'book and chapter',
    async run(journey) {
      journey.book = await book(signedIn(journey), SLUG);
      await chapter(signedIn(journey), SLUG, journey.book.title);
    },
  },
  { name: 'an unknown book or chapter is 404', run: (journey) => missingBookAndChapter(signedIn(journey), SLUG, opened(journey).chapterCount) },
  { name: 'progress push and pull', run: (journey) => pushAndPull(signedIn(journey), SLUG, READING_CHAPTER) },
  { name: 'home shows the book in progress', run: (journey) => home(signedIn(journey), SLUG, READING_CHAPTER) },
  { name: 'settings', run: (journey) => settings(signedIn(journey)) },
  { name: 'audio: voices, a job, its status, the presigned link and the stream', run: (journey) => listen(signedIn(journey), journey.server, SLUG, READING_CHAPTER) },
  { name: 'comments and votes', run: (journey) => comments(signedIn(journey), SLUG, READING_CHAPTER, user(journey)) },
  { name: 'ratings', run: (journey) => rate(signedIn(journey), SLUG) },
  { name: 'library', run: (journey) => library(signedIn(journey), SLUG) },
  { name: 'notifications', run: (journey) => notifications(signedIn(journey), user(journey), opened(journey).title, SLUG, READING_CHAPTER) },
];
