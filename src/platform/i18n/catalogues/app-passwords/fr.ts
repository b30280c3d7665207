import type { appPasswordsEn } from './en.ts';

/** The e-reader apps phrases in fr. */
export const appPasswordsFr: Record<keyof typeof appPasswordsEn, string> = {
  'appPasswords.heading': 'Applications de lecture',
  'appPasswords.intro': 'Lisez votre bibliothèque dans une application de lecture comme KOReader, Thorium ou Moon+ Reader, et gardez votre position synchronisée. Chaque application se connecte avec votre nom d’utilisateur, {username}, et son propre mot de passe d’application, que vous pouvez révoquer à tout moment.',
  'appPasswords.opds': 'Catalogue OPDS',
  'appPasswords.kosync': 'Serveur de synchronisation KOReader',
  'appPasswords.empty': 'Aucun mot de passe d’application pour l’instant. Créez-en un par application ou appareil.',
  'appPasswords.createdAt': 'Créé',
  'appPasswords.lastUsed': 'Dernière utilisation',
  'appPasswords.neverUsed': 'jamais',
  'appPasswords.revoke': 'Révoquer',
  'appPasswords.revokeNamed': 'Révoquer le mot de passe d’application « {name} »',
  'appPasswords.confirm': 'Révoquer le mot de passe d’application « {name} » ? Les applications qui l’utilisent seront déconnectées.',
  'appPasswords.revoked': 'Le mot de passe d’application est révoqué.',
  'appPasswords.name': 'Nom de l’application ou de l’appareil',
  'appPasswords.nameHint': 'Par exemple « Kobo avec KOReader », 60 caractères au plus.',
  'appPasswords.create': 'Créer',
  'appPasswords.created': 'Copiez maintenant ce mot de passe pour « {name} » :',
  'appPasswords.createdUsername': 'Nom d’utilisateur :',
  'appPasswords.createdOnce': 'Il ne sera plus affiché.',
  'appPasswords.nameMissing': 'Donnez un nom au mot de passe d’application.',
  'appPasswords.nameTooLong': 'Le nom peut compter 60 caractères au plus.',
  'appPasswords.tooMany': 'Vous avez 20 mots de passe d’application, le maximum pour un compte. Révoquez-en un d’abord.',
};
