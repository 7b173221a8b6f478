import { IconPhoto } from '@tabler/icons-react';
import classes from './list-row.module.css';

/** The item's picture, or a neutral placeholder (decorative: the name says what it is). */
export function ListItemImage({ src }: { src: string }) {
  return (
    <div className={classes.image}>
      {src ? <img src={src} alt="" loading="lazy" decoding="async" /> : <IconPhoto size={26} stroke={1.4} aria-hidden />}
    </div>
  );
}
