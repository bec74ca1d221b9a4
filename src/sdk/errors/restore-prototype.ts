/**
 * Gives an error the prototype of the class that was called. Compiled as ES2020 classes (this
 * package's builds) it is already right; a merchant's transpiler that downlevels this package to
 * ES5 turns `super(message)` into `Error.call(this, message)`, which returns a plain Error, and
 * `instanceof GatewayError` would fail without this.
 */
export const restorePrototype = (error: Error, prototype: object): void => {
  Object.setPrototypeOf(error, prototype);
};
