import type { appPasswordsEn } from './en.ts';

/** The e-reader apps phrases in es. */
export const appPasswordsEs: Record<keyof typeof appPasswordsEn, string> = {
  'appPasswords.heading': 'Apps de lectura',
  'appPasswords.intro': 'Lee tu biblioteca en una app de lectura como KOReader, Thorium o Moon+ Reader y mantén tu posición sincronizada. Cada app inicia sesión con tu nombre de usuario, {username}, y una contraseña de app propia, que puedes revocar en cualquier momento.',
  'appPasswords.opds': 'Catálogo OPDS',
  'appPasswords.kosync': 'Servidor de sincronización de KOReader',
  'appPasswords.empty': 'Todavía no hay contraseñas de app. Crea una para cada app o dispositivo.',
  'appPasswords.createdAt': 'Creada',
  'appPasswords.lastUsed': 'Último uso',
  'appPasswords.neverUsed': 'nunca',
  'appPasswords.revoke': 'Revocar',
  'appPasswords.revokeNamed': 'Revocar la contraseña de app «{name}»',
  'appPasswords.confirm': '¿Revocar la contraseña de app «{name}»? Las apps que la usan cerrarán sesión.',
  'appPasswords.revoked': 'La contraseña de app se ha revocado.',
  'appPasswords.name': 'Nombre de la app o del dispositivo',
  'appPasswords.nameHint': 'Por ejemplo «Kobo con KOReader», hasta 60 caracteres.',
  'appPasswords.create': 'Crear',
  'appPasswords.created': 'Copia ahora esta contraseña para «{name}»:',
  'appPasswords.createdUsername': 'Nombre de usuario:',
  'appPasswords.createdOnce': 'No se volverá a mostrar.',
  'appPasswords.nameMissing': 'Ponle un nombre a la contraseña de app.',
  'appPasswords.nameTooLong': 'El nombre puede tener como máximo 60 caracteres.',
  'appPasswords.tooMany': 'Tienes 20 contraseñas de app, el máximo de una cuenta. Revoca una primero.',
};
