import { createContext, useContext } from 'react';

/**
 * True while the web listener renders a page's first screen (entry-server.tsx provides it), false
 * in the browser. That copy is inert and replaced by the app, so a long page need only render what
 * a reader sees first: every element more is parsed, styled, laid out and painted before the
 * first paint, since the browser paints the whole server copy at once.
 */
export const ServerScreen = createContext(false);

/** Whether this render is the server's first-screen copy of the page. */
export const useServerScreen = (): boolean => useContext(ServerScreen);
