import type { appPasswordsEn } from './en.ts';

/** The e-reader apps phrases in id. */
export const appPasswordsId: Record<keyof typeof appPasswordsEn, string> = {
  'appPasswords.heading': 'Aplikasi e-reader',
  'appPasswords.intro': 'Baca perpustakaan Anda di aplikasi e-reader seperti KOReader, Thorium, atau Moon+ Reader, dan jaga posisi baca tetap sinkron. Setiap aplikasi masuk dengan nama pengguna Anda, {username}, dan kata sandi aplikasinya sendiri, yang dapat Anda cabut kapan saja.',
  'appPasswords.opds': 'Katalog OPDS',
  'appPasswords.kosync': 'Server sinkronisasi KOReader',
  'appPasswords.empty': 'Belum ada kata sandi aplikasi. Buat satu untuk setiap aplikasi atau perangkat.',
  'appPasswords.createdAt': 'Dibuat',
  'appPasswords.lastUsed': 'Terakhir dipakai',
  'appPasswords.neverUsed': 'belum pernah',
  'appPasswords.revoke': 'Cabut',
  'appPasswords.revokeNamed': 'Cabut kata sandi aplikasi “{name}”',
  'appPasswords.confirm': 'Cabut kata sandi aplikasi “{name}”? Aplikasi yang memakainya akan dikeluarkan.',
  'appPasswords.revoked': 'Kata sandi aplikasi telah dicabut.',
  'appPasswords.name': 'Nama aplikasi atau perangkat',
  'appPasswords.nameHint': 'Misalnya “Kobo dengan KOReader”, paling banyak 60 karakter.',
  'appPasswords.create': 'Buat',
  'appPasswords.created': 'Salin kata sandi untuk “{name}” ini sekarang:',
  'appPasswords.createdUsername': 'Nama pengguna:',
  'appPasswords.createdOnce': 'Kata sandi ini tidak akan ditampilkan lagi.',
  'appPasswords.nameMissing': 'Beri nama kata sandi aplikasi ini.',
  'appPasswords.nameTooLong': 'Nama paling banyak 60 karakter.',
  'appPasswords.tooMany': 'Anda memiliki 20 kata sandi aplikasi, batas satu akun. Cabut satu terlebih dahulu.',
};
