import { useId, useState } from 'react';
import { t } from '../../shared/i18n/index.ts';
import { setSound, soundOn } from '../shell/settings.ts';

/** Staff's switch for the result sounds of the kiosks this browser opens; remembered on the device. */
export function SoundToggle() {
  const [on, setOn] = useState(soundOn);
  const id = useId();
  return (
    <p className="sound-toggle">
      <input
        id={id}
        type="checkbox"
        checked={on}
        onChange={(change) => {
          setSound(change.target.checked);
          setOn(change.target.checked);
        }}
      />
      <label htmlFor={id}>{t.start.sound}</label>
    </p>
  );
}
