// Spec: a response carrying `payment_url` sends the browser there. One place
// does it, so the tests can hold it and every purchase leaves the same way.

/**
 * Leaves for the gateway: an absolute https address (Zarinpal's StartPay) or
 * a path on this site (the mock gateway's page). A full load either way, as a
 * real gateway would be.
 */
export function goToPayment(paymentUrl: string): void {
  window.location.assign(paymentUrl);
}
