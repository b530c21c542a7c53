// The stylesheet as a module of its own, so that loadScreenStyles() can import it lazily.
import './screen-styles.css';
