import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { LIGHT_COUNT, type Phase } from './reaction';
import styles from './StartLights.module.css';

type StartLightsProps = {
  phase: Phase;
  /** Called with the input event's timeStamp (the clock of performance.now and animation frames). */
  onPress: (at: number) => void;
};

/**
 * The start gantry, and the one control of the game: a press (mouse, touch, pen, Space or Enter) starts the
 * lights, or reacts to them. It is not a <button>, whose keyboard "click" only fires on key release and would
 * add the key's travel to the time: keys count on keydown, pointers on pointerdown. Space works anywhere on the
 * page that is not another control, so a player need not find the gantry first.
 */
export function StartLights({ phase, onPress }: StartLightsProps) {
  const pad = useRef<HTMLDivElement>(null);
  const lit = phase.name === 'lights' ? phase.lit : 0;

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== ' ' || event.repeat || hasModifier(event) || event.target === pad.current || isControl(event.target)) return;
      event.preventDefault();
      onPress(event.timeStamp);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onPress]);

  const onPadKeyDown = (event: KeyboardEvent) => {
    if ((event.key !== ' ' && event.key !== 'Enter') || event.repeat || hasModifier(event)) return;
    event.preventDefault();
    onPress(event.timeStamp);
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.button === 0) onPress(event.timeStamp);
  };
  // A click with no pointer behind it (detail 0) comes from assistive technology; real clicks were counted on pointerdown.
  const onClick = (event: MouseEvent) => {
    if (event.detail === 0) onPress(event.timeStamp);
  };

  return (
    <div
      ref={pad}
      role="button"
      tabIndex={0}
      aria-label={padLabel(phase)}
      aria-describedby="start-lights-help"
      className={styles.pad}
      data-phase={phase.name}
      data-lit={lit}
      // When the lights were seen going out (the clock of performance.now): an honest mark for automated players.
      data-out-at={phase.name === 'out' && phase.paintedAt !== null ? phase.paintedAt : undefined}
      onKeyDown={onPadKeyDown}
      onPointerDown={onPointerDown}
      onClick={onClick}
    >
      <div className={styles.gantry} aria-hidden="true">
        {Array.from({ length: LIGHT_COUNT }, (_, i) => (
          <span key={i} className={styles.pod} data-on={i < lit}>
            <span className={styles.lamp} />
            <span className={styles.lamp} />
          </span>
        ))}
      </div>
      <p id="start-lights-help" className={styles.help}>
        {helpText(phase)}
      </p>
    </div>
  );
}

function padLabel(phase: Phase): string {
  if (phase.name === 'lights') return `Start lights: ${phase.lit} of ${LIGHT_COUNT} on`;
  if (phase.name === 'out') return 'Start lights: out';
  return phase.name === 'ready' ? 'Start the lights' : 'Start the lights again';
}

function helpText(phase: Phase): string {
  if (phase.name === 'lights' || phase.name === 'out') return 'Wait for the lights to go out, then press as fast as you can.';
  return phase.name === 'ready'
    ? 'Tap, click or press Space to start. When all five lights go out, press again.'
    : 'Tap, click or press Space to go again.';
}

function hasModifier(event: { altKey: boolean; ctrlKey: boolean; metaKey: boolean }): boolean {
  return event.altKey || event.ctrlKey || event.metaKey;
}

/** Space on a focused link, button or field belongs to it. */
function isControl(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('a, button, input, select, textarea, summary, [contenteditable], [role="button"]') !== null;
}
