/** An image imported by the page: webpack gives its URL. */
declare module '*.svg' {
  const url: string;
  export default url;
}
