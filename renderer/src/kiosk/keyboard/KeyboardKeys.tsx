/** react-simple-keyboard with its styles, as one chunk the on-screen keyboard loads on its own. */
import Keyboard from 'react-simple-keyboard';
import 'react-simple-keyboard/build/css/index.css';

export default Keyboard;
