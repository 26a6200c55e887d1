/// <reference types="vite/client" />

/** The build's version (package version + git commit), compared with the server's X-App-Version. */
declare const __APP_VERSION__: string;
