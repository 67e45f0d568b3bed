// The example programs are imported as text (web/build.js: loader "text").
declare module "*.f" {
  const text: string;
  export default text;
}
declare module "*.f90" {
  const text: string;
  export default text;
}
declare module "*.F90" {
  const text: string;
  export default text;
}
declare module "*.c" {
  const text: string;
  export default text;
}

/** package.json's version, defined by web/build.js. */
declare const DOALL_VERSION: string;
