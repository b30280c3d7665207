/** Stand-ins for Google and GitHub speaking their real protocol shapes (see fake-google.ts, fake-github.ts). */
export { type AuthorizeOptions, fetchVia } from './fake-common.ts';
export { type FakeGitHub, type FakeGitHubProfile, startFakeGitHub } from './fake-github.ts';
export { type FakeGoogle, type FakeGoogleProfile, startFakeGoogle } from './fake-google.ts';
