import { Avatar } from '@mui/material';
import { useEffect, useState } from 'react';
import { AVATAR_FALLBACK_DELAY_MS, initials } from '../../../domain';

export interface UserAvatarProps {
  name: string;
  image?: string | null;
  size?: number;
}

/**
 * §2.6: without an image the avatar shows the initials at once; with one, the initials appear only after
 * 600 ms while the image has not loaded, so a fast image never flashes letters first.
 */
export function UserAvatar({ name, image, size = 32 }: UserAvatarProps) {
  const [loadedImage, setLoadedImage] = useState<string>();
  const [overdueImage, setOverdueImage] = useState<string>();

  useEffect(() => {
    if (!image) return;
    const probe = new Image();
    probe.onload = () => setLoadedImage(image);
    probe.src = image;
    const timer = setTimeout(() => setOverdueImage(image), AVATAR_FALLBACK_DELAY_MS);
    return () => {
      probe.onload = null;
      clearTimeout(timer);
    };
  }, [image]);

  const showImage = Boolean(image) && loadedImage === image;
  const showInitials = !image || (!showImage && overdueImage === image);
  return (
    <Avatar
      src={showImage ? (image ?? undefined) : undefined}
      alt={name}
      data-testid="user-avatar"
      sx={{ width: size, height: size, fontSize: size * 0.42, fontWeight: 600, bgcolor: 'primary.dark', color: 'primary.contrastText' }}
    >
      {showImage ? null : showInitials ? initials(name) : ''}
    </Avatar>
  );
}
