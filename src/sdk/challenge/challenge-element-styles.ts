/** The dialog's parts that {@link styleElements} styles. */
export interface DialogParts {
  dialog: HTMLDialogElement;
  header: HTMLElement;
  title: HTMLElement;
  closeButton: HTMLButtonElement;
  status: HTMLElement;
  frame: HTMLIFrameElement;
}

const set = (element: HTMLElement, declarations: string) => {
  for (const declaration of declarations.split(';')) {
    const at = declaration.indexOf(':');
    element.style.setProperty(declaration.slice(0, at), declaration.slice(at + 1));
  }
};

/**
 * The dialog's layout for browsers without constructed stylesheets (Safari before 16.4), under
 * any CSP. A <style> element would be refused by a CSP without 'unsafe-inline' (and reported as a
 * violation on the merchant's page); styles set through the CSSOM (`element.style`) are not
 * subject to style-src, so the layout is set there, element by element. What element styles
 * cannot say is left to the browser: the backdrop's tint, the spinner, and the phone layout is
 * decided once, when the dialog opens, rather than on every resize.
 */
export function styleElements(parts: DialogParts): void {
  // The stylesheet's (max-width:540px): the media query's width is innerWidth.
  const phone = innerWidth <= 540;
  set(
    parts.dialog,
    `box-sizing:border-box;width:${phone ? '100%' : '500px'};height:${phone ? '100%' : '650px'};max-width:100%;` +
      `max-height:100%;padding:0;border:0;border-radius:${phone ? 0 : '12px'};font:15px/1.4 system-ui,sans-serif;` +
      'background:#fff;display:flex;flex-direction:column',
  );
  set(parts.header, 'display:flex;align-items:center;padding-left:16px;border-bottom:1px solid #ddd');
  set(parts.title, 'flex:1;font-size:16px');
  set(parts.closeButton, 'width:48px;height:48px;border:0;background:none;font-size:26px');
  set(parts.status, 'flex:1;display:grid;place-content:center');
  set(parts.frame, 'flex:1;width:100%;border:0');
}
