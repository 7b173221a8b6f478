import { IconPhoto } from '@tabler/icons-react';

/**
 * An item's picture, or a neutral placeholder (decorative: the name beside it says what it is). The
 * order list, shopping lists and inventory cards each place and size it with their own class.
 */
export function ItemImage({ src, className, iconSize = 28 }: { src: string; className: string; iconSize?: number }) {
  return (
    <div className={className}>
      {src ? <img src={src} alt="" loading="lazy" decoding="async" /> : <IconPhoto size={iconSize} stroke={1.4} aria-hidden />}
    </div>
  );
}
