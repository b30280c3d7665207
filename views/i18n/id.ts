import type { Catalogue } from './en.ts';

/** Bahasa Indonesia. Indonesian has no plural forms: Intl.PluralRules always picks `_other`. */
export const id: Catalogue = {
  'site.name': 'Chapterhouse',
  'site.tagline': 'Novel web untuk dibaca dan didengarkan',

  'nav.label': 'Utama',
  'nav.home': 'Beranda',
  'nav.browse': 'Jelajahi',
  'nav.search': 'Cari',
  'nav.ranking': 'Peringkat',
  'nav.library': 'Pustaka',
  'nav.discover': 'Temukan',
  'nav.signin': 'Masuk',
  'a11y.skip': 'Langsung ke konten',

  'appearance.title': 'Tampilan',
  'appearance.theme': 'Tema',
  'appearance.font': 'Jenis huruf',
  'appearance.fontSize': 'Ukuran teks',
  'appearance.locale': 'Bahasa',
  'action.save': 'Simpan',

  'theme.amber': 'Ambar',
  'theme.slate': 'Batu tulis',
  'theme.rose': 'Mawar',
  'theme.light': 'Terang',
  'theme.light-slate': 'Batu tulis terang',
  'theme.light-rose': 'Mawar terang',

  'font.system': 'Sistem',
  'font.serif': 'Berkait',
  'font.mono': 'Monospasi',

  'home.hero': 'Cerita yang layak ditemani begadang, untuk dibaca atau didengarkan.',
  'home.new': 'Buku baru',
  'home.popular': 'Populer',
  'home.continue': 'Lanjutkan membaca',
  'books.empty': 'Belum ada buku',
  'books.emptyHint': 'Buku akan muncul di sini begitu ditambahkan.',

  'book.by': 'oleh {author}',
  'book.chapters_one': '{count} bab',
  'book.chapters_other': '{count} bab',
  'book.status.ongoing': 'Berlanjut',
  'book.status.completed': 'Tamat',
  'book.audio': 'Audio',
  'book.rating_one': 'Nilai {rating} dari 5 oleh {count} pembaca',
  'book.rating_other': 'Nilai {rating} dari 5 oleh {count} pembaca',

  'notFound.title': 'Halaman tidak ditemukan',
  'notFound.heading': 'Kami tidak dapat menemukan halaman itu',
  'notFound.body': 'Tautannya mungkin rusak, atau halamannya sudah dipindahkan.',
  'notFound.home': 'Kembali ke beranda',

  'error.title': 'Galat',
  'error.heading': 'Terjadi kesalahan',
  'error.body': 'Silakan coba lagi sebentar lagi. Jika terus terjadi, beri tahu administrator.',
  'error.reference': 'Referensi permintaan',
  'error.home': 'Kembali ke beranda',

  'footer.api': 'Dokumentasi API',
  'footer.poweredBy': 'Di-hosting sendiri dengan Chapterhouse',

  'apiDocs.title': 'Referensi API',
  'apiDocs.intro': 'Endpoint server ini, dikelompokkan menurut topik.',
  'apiDocs.raw': 'Dokumen OpenAPI (JSON)',
  'apiDocs.untagged': 'Lainnya',
  'apiDocs.responses': 'Respons',
  'apiDocs.empty': 'Belum ada endpoint yang didokumentasikan.',
};
