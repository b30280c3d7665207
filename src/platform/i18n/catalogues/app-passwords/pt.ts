import type { appPasswordsEn } from './en.ts';

/** The e-reader apps phrases in pt. */
export const appPasswordsPt: Record<keyof typeof appPasswordsEn, string> = {
  'appPasswords.heading': 'Apps de leitura',
  'appPasswords.intro': 'Leia sua biblioteca num app de leitura como KOReader, Thorium ou Moon+ Reader e mantenha sua posição sincronizada. Cada app entra com seu nome de usuário, {username}, e uma senha de app própria, que você pode revogar a qualquer momento.',
  'appPasswords.opds': 'Catálogo OPDS',
  'appPasswords.kosync': 'Servidor de sincronização do KOReader',
  'appPasswords.empty': 'Nenhuma senha de app ainda. Crie uma para cada app ou aparelho.',
  'appPasswords.createdAt': 'Criada',
  'appPasswords.lastUsed': 'Último uso',
  'appPasswords.neverUsed': 'nunca',
  'appPasswords.revoke': 'Revogar',
  'appPasswords.revokeNamed': 'Revogar a senha de app “{name}”',
  'appPasswords.confirm': 'Revogar a senha de app “{name}”? Os apps que a usam serão desconectados.',
  'appPasswords.revoked': 'A senha de app foi revogada.',
  'appPasswords.name': 'Nome do app ou aparelho',
  'appPasswords.nameHint': 'Por exemplo “Kobo com KOReader”, até 60 caracteres.',
  'appPasswords.create': 'Criar',
  'appPasswords.created': 'Copie agora esta senha para “{name}”:',
  'appPasswords.createdUsername': 'Nome de usuário:',
  'appPasswords.createdOnce': 'Ela não será mostrada de novo.',
  'appPasswords.nameMissing': 'Dê um nome à senha de app.',
  'appPasswords.nameTooLong': 'O nome pode ter no máximo 60 caracteres.',
  'appPasswords.tooMany': 'Você tem 20 senhas de app, o máximo de uma conta. Revogue uma primeiro.',
};
