/** The parts of the signed-in user an avatar is drawn from. */
export interface AvatarSource {
  displayName?: string | null;
  email?: string | null;
  photoURL?: string | null;
}

/** The letter shown when there is no photo: first letter of the display name, else the email, else "U". */
export function avatarInitial(user: AvatarSource | null | undefined): string {
  const source = user?.displayName?.trim() || user?.email?.trim() || '';
  const first = Array.from(source)[0];
  return first ? first.toLocaleUpperCase() : 'U';
}

/** The label beside the avatar: the display name, else the email. */
export function avatarLabel(user: AvatarSource | null | undefined): string {
  return user?.displayName?.trim() || user?.email?.trim() || '';
}
