/**
 * The HTML `inert` attribute for React 18's JSX types (React 19 types have it as a boolean).
 * React 18 sets unknown attributes only from strings: pass `''` to set it, `undefined` to omit it.
 */
import 'react';

declare module 'react' {
  // The type parameter must keep its name to merge with React's declaration.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    inert?: '' | undefined;
  }
}
