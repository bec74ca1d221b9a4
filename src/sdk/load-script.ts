/**
 * Adds a script of the script-tag build (the challenge or the card-encryption code, beside
 * gateway.js) and resolves with what it registered under `key`. `integrity` is the SRI hash the
 * build wrote into gateway.js (the build fails when it cannot, so the script-tag file, the only
 * user of this loader, always carries a real hash). Nothing is added
 * when the code is already registered. Rejects when the script fails or registers nothing.
 */
export function loadScript<T>(src: string, integrity: string, key: symbol): Promise<T> {
  const registered = () => (globalThis as Record<symbol, T | undefined>)[key];
  const ready = registered();
  if (ready) return Promise.resolve(ready);
  return new Promise<T>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.integrity = integrity;
    script.crossOrigin = 'anonymous';
    script.onload = () => {
      script.remove();
      const module = registered();
      if (module) resolve(module);
      else reject(new Error(`${src} did not register`));
    };
    script.onerror = (event) => {
      script.remove();
      // The load event is all the browser tells; kept so devtools can show which element failed.
      reject(new Error(`could not load ${src}`, { cause: event }));
    };
    document.head.append(script);
  });
}
