// node-forge's modules register themselves on one shared object; its typings describe only the
// package root, which would load every module. These paths load the ones the fallback needs.
declare module 'node-forge/lib/forge' {
  import forge from 'node-forge';
  export default forge;
}
declare module 'node-forge/lib/rsa';
declare module 'node-forge/lib/sha256';
declare module 'node-forge/lib/pbkdf2';
