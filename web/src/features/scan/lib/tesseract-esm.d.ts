/**
 * tesseract.js's ES module build: imported instead of the package's CommonJS entry so the bundler adds no CommonJS
 * runtime to the app's shared chunks (every page would load it); the types are the package's own.
 */
declare module 'tesseract.js/dist/tesseract.esm.min.js' {
  import Tesseract from 'tesseract.js';

  export default Tesseract;
}
