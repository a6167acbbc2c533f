import { Suspense, useEffect, useRef, useState } from 'react';
import { t, useLanguage } from '../../shared/i18n/index.ts';
import { lazyWithPreload, whenIdle } from '../../shared/lazy.ts';
import { keyboardLayoutFor, type KeyboardLayout } from '../shell/settings-rules.ts';
import { settings } from '../shell/settings.ts';

/** The keys themselves (react-simple-keyboard and its styles) load while the kiosk idles, before a field is typed. */
const Keyboard = lazyWithPreload(() => import('./KeyboardKeys.tsx'));

type TextField = HTMLInputElement | HTMLTextAreaElement;
type Layout = 'default' | 'email' | 'phone';

const TYPED_INPUTS = new Set(['text', 'email', 'tel', 'search']);

function asTextField(target: EventTarget | null): TextField | null {
  if (target instanceof HTMLTextAreaElement) return target;
  if (target instanceof HTMLInputElement && TYPED_INPUTS.has(target.type)) return target;
  return null;
}

function layoutFor(field: TextField): Layout {
  // A text field with the email keyboard (the typo fix: its caret can be moved, an email input's cannot).
  if (field.type === 'email' || field.inputMode === 'email') return 'email';
  if (field.type === 'tel') return 'phone';
  return 'default';
}

/** The rows of letters, as each layout orders them, plain and under Shift; the other keys are the same in both. */
const LETTERS = {
  qwerty: {
    plain: ['q w e r t y u i o p', "a s d f g h j k l ' -", 'z x c v b n m , .'],
    shift: ['Q W E R T Y U I O P', 'A S D F G H J K L & /', 'Z X C V B N M ( )'],
    email: ['q w e r t y u i o p', 'a s d f g h j k l', 'z x c v b n m _ - + .'],
  },
  // French keyboards: A and Z on top, Q and M in the middle, W at the bottom.
  azerty: {
    plain: ['a z e r t y u i o p', 'q s d f g h j k l m -', "w x c v b n ' , ."],
    shift: ['A Z E R T Y U I O P', 'Q S D F G H J K L M /', 'W X C V B N & ( )'],
    email: ['a z e r t y u i o p', 'q s d f g h j k l m', 'w x c v b n _ - + .'],
  },
} satisfies Record<KeyboardLayout, Record<'plain' | 'shift' | 'email', [string, string, string]>>;

/** Every layer of the keyboard, its letters in `letters`' order. */
function layouts(letters: KeyboardLayout) {
  const { plain, shift, email } = LETTERS[letters];
  return {
    default: [
      '1 2 3 4 5 6 7 8 9 0 {bksp}',
      plain[0],
      plain[1],
      `{shift} ${plain[2]} {enter}`,
      '{hide} {accents} {space}',
    ],
    defaultShift: [
      '1 2 3 4 5 6 7 8 9 0 {bksp}',
      shift[0],
      shift[1],
      `{shift} ${shift[2]} {enter}`,
      '{hide} {accents} {space}',
    ],
    // Names as a venue in Europe spells them: "François Lefèvre", "Müller", "Ñúñez" stay typeable without a
    // physical keyboard. Shift gives the capitals.
    accents: [
      'é è ê ë à â ä á {bksp}',
      'î ï í ô ö ó ù û ü ú',
      'ç ñ ÿ ß æ œ å ø',
      "{shift} ' - , . {enter}",
      '{hide} {abc} {space}',
    ],
    accentsShift: [
      'É È Ê Ë À Â Ä Á {bksp}',
      'Î Ï Í Ô Ö Ó Ù Û Ü Ú',
      'Ç Ñ Ÿ ß Æ Œ Å Ø',
      "{shift} ' - , . {enter}",
      '{hide} {abc} {space}',
    ],
    email: ['1 2 3 4 5 6 7 8 9 0 {bksp}', ...email, '@ .com .org .fr .de gmail.com', '{hide} {enter}'],
    phone: ['1 2 3', '4 5 6', '7 8 9', '+ 0 {bksp}', '{hide} {space} {enter}'],
  };
}

/** The special keys' names, in the language on screen. */
const display = () => ({
  '{bksp}': t.keyboard.backspace,
  '{space}': t.keyboard.space,
  '{shift}': t.keyboard.shift,
  '{enter}': t.keyboard.enter,
  '{hide}': t.keyboard.hide,
  '{accents}': t.keyboard.accents,
  '{abc}': t.keyboard.letters,
});

const DOMAIN_KEYS = '.com .org .fr .de gmail.com';

const ALL_KEYS = [
  ...new Set(
    (['qwerty', 'azerty'] as const).flatMap((letters) =>
      Object.values(layouts(letters)).flatMap((rows) => rows.join(' ').split(' ')),
    ),
  ),
].join(' ');

/** Writes like typing does, so React's onChange sees it: the element's own value setter, then an input event. */
function setValue(field: TextField, value: string): void {
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Email inputs have no caret position to read: they are typed at the end. */
function selection(field: TextField): [number, number] {
  try {
    const start = field.selectionStart;
    const end = field.selectionEnd;
    if (start !== null && end !== null) return [start, end];
  } catch {
    // Fall through: no selection API on this input type.
  }
  return [field.value.length, field.value.length];
}

function moveCaret(field: TextField, at: number): void {
  try {
    field.setSelectionRange(at, at);
  } catch {
    // Not supported on email inputs; typing there always appends.
  }
}

function insert(field: TextField, text: string): void {
  const [start, end] = selection(field);
  const next = field.value.slice(0, start) + text + field.value.slice(end);
  if (field.maxLength > 0 && next.length > field.maxLength) return;
  setValue(field, next);
  moveCaret(field, start + text.length);
}

function backspace(field: TextField): void {
  const [start, end] = selection(field);
  const from = start === end ? Math.max(0, start - 1) : start;
  setValue(field, field.value.slice(0, from) + field.value.slice(end));
  moveCaret(field, from);
}

/** Enter moves on to the next text field of the form, and sends the form from its last one. */
function enter(field: TextField): void {
  if (field instanceof HTMLTextAreaElement) return insert(field, '\n');
  const form = field.form;
  if (!form) return;
  const fields = Array.from(form.elements).filter(
    (element) => element instanceof HTMLElement && element.matches('input, textarea, select'),
  ) as HTMLElement[];
  const next = fields[fields.indexOf(field) + 1];
  if (next) next.focus();
  else form.requestSubmit();
}

/**
 * A keyboard on the screen, for touch kiosks without a physical one. It appears while a text field has focus, in
 * the layout that field needs (email, phone), and types into that field.
 */
export function OnScreenKeyboard() {
  const letters = keyboardLayoutFor(settings.keyboardLayout, useLanguage());
  const [field, setField] = useState<TextField | null>(null);
  const [hidden, setHidden] = useState(false);
  const [shift, setShift] = useState(false);
  const [accents, setAccents] = useState(false);
  const keys = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let pressing = false;
    let hideWhenReleased = false;
    // Tapping a button takes focus on press: hiding the keyboard then would move the button from under the finger
    // before the release, and the tap would miss. So the keyboard goes once the tap is over.
    const hide = () => {
      if (pressing) hideWhenReleased = true;
      else setField(null);
    };
    const onFocusIn = (event: FocusEvent) => {
      const next = asTextField(event.target);
      if (!next) return hide();
      hideWhenReleased = false;
      setField(next);
      setHidden(false);
      setShift(false);
      setAccents(false);
    };
    // Focus leaving for nowhere (a tap on the page's background) sends no focusin.
    const onFocusOut = (event: FocusEvent) => {
      if (!event.relatedTarget) hide();
    };
    const onPointerDown = (event: PointerEvent) => {
      pressing = true;
      // A tap on the field already being typed in brings a hidden keyboard back.
      if (event.target === document.activeElement && asTextField(event.target)) setHidden(false);
    };
    const onPointerUp = () => {
      pressing = false;
      if (!hideWhenReleased) return;
      hideWhenReleased = false;
      window.setTimeout(() => setField(asTextField(document.activeElement)));
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    window.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('pointerup', onPointerUp, true);
    window.addEventListener('pointercancel', onPointerUp, true);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      window.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('pointerup', onPointerUp, true);
      window.removeEventListener('pointercancel', onPointerUp, true);
    };
  }, []);

  useEffect(() => whenIdle(() => void Keyboard.preload()), []);

  // The keyboard takes the bottom of the screen: keep the field being typed in above it. Its keys load and draw
  // after it appears (the first time after a load, a while after), and a layout can be taller than the last, so
  // the field is checked again whenever the keyboard's height changes, not only when the field does.
  useEffect(() => {
    const board = keys.current;
    if (!field || hidden || !board) return;
    const keepInView = () => {
      const top = board.getBoundingClientRect().top;
      const { top: fieldTop, bottom: fieldBottom } = field.getBoundingClientRect();
      if (fieldBottom > top || fieldTop < 0) field.scrollIntoView({ block: 'center' });
    };
    keepInView();
    const watch = new ResizeObserver(keepInView);
    watch.observe(board);
    return () => watch.disconnect();
  }, [field, hidden]);

  if (!field || hidden) return null;
  const layout = layoutFor(field);
  let layoutName: string = layout;
  if (layout === 'default') {
    const base = accents ? 'accents' : 'default';
    layoutName = shift ? `${base}Shift` : base;
  }

  function press(button: string) {
    if (!field) return;
    switch (button) {
      case '{shift}':
        return setShift((on) => !on);
      case '{hide}':
        return setHidden(true);
      case '{bksp}':
        return backspace(field);
      case '{space}':
        return insert(field, ' ');
      case '{enter}':
        return enter(field);
      case '{accents}':
        return setAccents(true);
      case '{abc}':
        return setAccents(false);
      default:
        insert(field, button);
        setShift(false);
    }
  }

  return (
    <div
      ref={keys}
      className="osk"
      role="group"
      aria-label={t.keyboard.label}
      data-testid="on-screen-keyboard"
      data-layout={layout}
      data-letters={letters}
      // Pressing a key must not take focus from the field being typed in.
      onMouseDown={(event) => event.preventDefault()}
    >
      <Suspense fallback={null}>
        <Keyboard
          layout={layouts(letters)}
          layoutName={layoutName}
          display={display()}
          onKeyPress={press}
          useButtonTag
          disableButtonHold
          preventMouseDownDefault
          buttonAttributes={[{ attribute: 'tabindex', value: '-1', buttons: ALL_KEYS }]}
          buttonTheme={[{ class: 'osk-domain', buttons: DOMAIN_KEYS }]}
          theme="hg-theme-default osk-keys"
        />
      </Suspense>
    </div>
  );
}
