/** Progress is reached only through its lazy screens (App.tsx, the shell): it offers the other features nothing. */
export {};
