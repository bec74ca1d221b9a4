// The Pix step of the example checkout: the QR code and its "copia e cola" text, the time left,
// and the wait until the merchant server learns that the shopper paid in their bank's app
// (docs/example-checkout.md#pix). The page never talks to the API here: its server answers.

/** How often the page asks its server whether the Pix was paid. */
const POLL_MS = 2000;

/** Seconds as the countdown shows them: 29:05. */
const minutes = (seconds) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * Shows the QR code of a Pix order (the server's answer to the order) and waits for the
 * payment. Resolves `PAID`, or `EXPIRED` when the time ran out with nothing paid; the panel is
 * hidden again either way.
 * @param {{ orderId: string, pix: { text: string, image: string, secondsLeft: number } }} order
 * @param {(node: HTMLElement) => void} reveal brings the panel into view with the focus
 * @returns {Promise<'PAID' | 'EXPIRED'>}
 */
export function waitForPix(order, reveal) {
  const $ = (id) => document.getElementById(id);
  const panel = $('pix');
  const code = $('pix-code');
  const feedback = $('pix-feedback');
  const countdown = $('pix-countdown');
  const simulate = $('pix-simulate');
  const statusUrl = `/api/orders/${encodeURIComponent(order.orderId)}/pix`;

  $('pix-qr').src = order.pix.image;
  code.value = order.pix.text;
  feedback.textContent = '';
  simulate.disabled = false;
  panel.hidden = false;
  // The whole code in view, however long the bank made it.
  code.style.height = 'auto';
  code.style.height = `${code.scrollHeight + 2}px`;
  reveal(panel);

  // The time left as the server counts it (the shopper's clock may be wrong), ticked down here.
  let deadline = 0;
  const setSecondsLeft = (seconds) => {
    deadline = performance.now() + seconds * 1000;
    countdown.textContent = minutes(seconds);
  };
  setSecondsLeft(order.pix.secondsLeft);

  return new Promise((resolve) => {
    let poll;
    let asking = false;
    const finish = (outcome) => {
      clearInterval(tick);
      clearTimeout(poll);
      panel.hidden = true;
      resolve(outcome);
    };
    async function ask() {
      if (asking) return;
      asking = true;
      clearTimeout(poll);
      try {
        const res = await fetch(statusUrl, { headers: { accept: 'application/json' } });
        const state = res.ok ? await res.json() : undefined;
        if (state?.status === 'PAID' || state?.status === 'EXPIRED') return finish(state.status);
        const shown = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
        if (state?.status === 'WAITING' && Math.abs(state.secondsLeft - shown) > 2) setSecondsLeft(state.secondsLeft);
      } catch {
        // Offline for a moment: the next question may get through.
      } finally {
        asking = false;
      }
      poll = setTimeout(ask, POLL_MS);
    }
    const tick = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
      countdown.textContent = minutes(left);
      // Time is up here: the server has the last word (a payment may have come in the last second).
      if (left === 0) ask();
    }, 1000);

    $('pix-copy').onclick = async () => {
      try {
        await navigator.clipboard.writeText(code.value);
        feedback.textContent = 'Código copiado. Cole no app do seu banco, em Pix copia e cola.';
      } catch {
        // No clipboard here (an old browser, or permission refused): the code is selected instead.
        code.focus();
        code.select();
        feedback.textContent =
          'Não foi possível copiar sozinho: o código está selecionado, copie e cole no app do banco.';
      }
    };
    simulate.onclick = async () => {
      simulate.disabled = true;
      const res = await fetch(`${statusUrl}/pay`, { method: 'POST' }).catch(() => undefined);
      const ok = res?.ok && (await res.json()).ok;
      feedback.textContent = ok ? '' : 'O simulador não pagou este Pix. Tente de novo.';
      simulate.disabled = !!ok;
      if (ok) ask();
    };
    poll = setTimeout(ask, POLL_MS);
  });
}
